import { getContrastRatio } from '@mui/material/styles';

const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';

/**
 * The text colour that stays readable on a user-chosen background (tags, queues): white on dark colours,
 * near-black on light ones, by the same contrast rule MUI applies to its palette (ratio 3 against white).
 */
export function readableTextOn(background: string): string {
  try {
    return getContrastRatio(background, '#fff') >= 3 ? '#fff' : DARK_TEXT;
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
