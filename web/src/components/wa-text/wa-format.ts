/** A run of text with WhatsApp's inline styles: *bold*, _italic_, ~strike~ and ```monospace```. */
export interface Styled {
  text: string;
  style: 'plain' | 'bold' | 'italic' | 'strike' | 'mono';
}

const MARKS: Record<string, Styled['style']> = { '*': 'bold', _: 'italic', '~': 'strike', '```': 'mono' };
// As in WhatsApp, a mark opens after a non-word character and closes before one, around text
// that neither starts nor ends with a space: "snake_case_name" and "2 * 3 * 4" stay plain.
const TOKEN = /```([^`]+?)```|(?<![\w*_~])([*_~])(?!\s)([^\n]*?[^\s\n])\2(?!\w)/g;

/** Splits a message into styled runs; the result is drawn with React elements, never as HTML. */
export function waFormat(text: string): Styled[] {
  const out: Styled[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: text.slice(last, at), style: 'plain' });
    out.push(m[1] !== undefined ? { text: m[1], style: MARKS['```'] } : { text: m[3], style: MARKS[m[2]] });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), style: 'plain' });
  return out;
}
