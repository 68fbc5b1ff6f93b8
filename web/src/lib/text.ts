/** Short forms of texts for lists, cards and notifications. */

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Cut at `max` characters with an ellipsis (whole code points, so an emoji is never split). Walks
 * the string instead of splitting it into an array: the ticket list calls this for every row it
 * mounts while scrolling, and a text that fits comes back as it is, allocating nothing.
 */
export function truncate(text: string | null | undefined, max: number): string {
  const s = text ?? '';
  if (s.length <= max) return s; // no more code units than allowed, so no more code points
  let end = 0;
  for (let points = 0; points < max && end < s.length; points++) {
    end += isHighSurrogate(s.charCodeAt(end)) && isLowSurrogate(s.charCodeAt(end + 1)) ? 2 : 1;
  }
  return end < s.length ? `${s.slice(0, end)}...` : s;
}

const FORMATTING_MARK = /[*_~`]/;
/** *bold*, _italic_, ~strike~ and `code`: a mark right after a start or a space, closing before an end or punctuation. */
const INLINE_MARKS = /(^|[\s([{"'*_~`])([*_~`])(?!\s)([^\n]*?[^\s])\2(?=$|[\s.,;:!?)\]}"'*_~`])/g;

/**
 * A message as a one-line preview shows it: WhatsApp's formatting marks (```monospace```, *bold*,
 * _italic_, ~strike~) taken off, so "*Bruno User:* oi" reads "Bruno User: oi". Marks that do not
 * pair (a lone asterisk, snake_case) stay as typed. A text without any mark comes back as it is.
 */
export function withoutFormatting(text: string | null | undefined): string {
  const s = text ?? '';
  if (!FORMATTING_MARK.test(s)) return s;
  // Twice, for nested marks such as *_both_*.
  const once = s.replace(/```([\s\S]+?)```/g, '$1').replace(INLINE_MARKS, '$1$3');
  return once.replace(INLINE_MARKS, '$1$3');
}

/** The list's preview of a message: plain text, cut at `max`. */
export const previewOf = (text: string | null | undefined, max: number) => truncate(withoutFormatting(text), max);
