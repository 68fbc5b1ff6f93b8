/** Display rules of the ticket list (spec 1 §2.5, §9). */

export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;
/** Tags shown on a list item before the "+N" counter. */
export const VISIBLE_TAGS = 2;

/** Cut at `max` characters with an ellipsis (whole code points, so an emoji is never split). */
export function truncate(text: string | null | undefined, max: number): string {
  const chars = Array.from(text ?? '');
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('');
}

/** Ticket rating 1..5 as the list shows it: angry, upset, neutral, happy, love. */
export const RATING_EMOJIS: Record<number, { emoji: string; label: string }> = {
  1: { emoji: '😠', label: 'angry' },
  2: { emoji: '😞', label: 'upset' },
  3: { emoji: '😐', label: 'neutral' },
  4: { emoji: '😊', label: 'happy' },
  5: { emoji: '😍', label: 'love' },
};

export const ratingEmoji = (rate: number | null | undefined) => (rate ? RATING_EMOJIS[Math.round(rate)] ?? null : null);

// Negative circled digits: ➊..➓ then ⓫..⓴.
const GLYPHS = [...'➊➋➌➍➎➏➐➑➒➓⓫⓬⓭⓮⓯⓰⓱⓲⓳⓴'];

/** The unread count in the page title: a digit glyph for 1 to 20, else "(count)"; nothing at 0. */
export function unreadGlyph(count: number): string {
  if (count <= 0) return '';
  return count <= GLYPHS.length ? GLYPHS[count - 1] : `(${count})`;
}

export function pageTitle(appName: string, unread: number): string {
  const glyph = unreadGlyph(unread);
  return glyph ? `${glyph} - ${appName}` : appName;
}
