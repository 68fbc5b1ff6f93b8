import { getContrastRatio } from '@mui/material/styles';

const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';

/**
 * The text colour that stays readable on a user-chosen background (tags, queues): whichever of white and
 * black contrasts more, so the text reads at 4.5:1 or more on any colour (WCAG AA; one of the two always
 * does). Near-black where it still reads at 7:1, as the theme's own text.
 */
export function readableTextOn(background: string): string {
  try {
    const white = getContrastRatio(background, '#fff');
    const black = getContrastRatio(background, '#000');
    if (white >= black) return '#fff';
    return black >= 7 ? DARK_TEXT : '#000';
  } catch {
    // Not a colour MUI can read: white, as before.
    return '#fff';
  }
}

/** `sx` for a chip or badge painted in a user-chosen colour. */
export const coloredSx = (background: string) => ({ bgcolor: background, color: readableTextOn(background) });

/**
 * The same colours as a plain `style` object, for elements outside MUI (the ticket rows' labels): `bgcolor`
 * is an `sx` shorthand, and in a `style` attribute it is silently dropped, leaving the text colour chosen
 * for the queue's colour on the label's default grey.
 */
export const coloredStyle = (background: string) => ({ backgroundColor: background, color: readableTextOn(background) });
