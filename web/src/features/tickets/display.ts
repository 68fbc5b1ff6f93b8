/** Display rules of the ticket list (spec 1 §2.5, §9). */

export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;
/** Tags shown on a list item before the "+N" counter. */
export const VISIBLE_TAGS = 2;

/** The five faces of a ticket's rating as the list shows them: angry, upset, neutral, happy, love. */
export const RATING_EMOJIS: Record<number, { emoji: string; label: string }> = {
  1: { emoji: '😠', label: 'angry' },
  2: { emoji: '😞', label: 'upset' },
  3: { emoji: '😐', label: 'neutral' },
  4: { emoji: '😊', label: 'happy' },
  5: { emoji: '😍', label: 'love' },
};

/**
 * The face of a rating. Customers rate 0 to 10 (the NPS scale of the rating request); the list shows
 * it in five steps of two points: 0-2 angry, 3-4 upset, 5-6 neutral, 7-8 happy, 9-10 love.
 */
export const ratingEmoji = (rate: number | null | undefined) => {
  if (rate === null || rate === undefined || !Number.isFinite(rate) || rate < 0 || rate > 10) return null;
  return RATING_EMOJIS[Math.max(1, Math.ceil(Math.round(rate) / 2))];
};

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
