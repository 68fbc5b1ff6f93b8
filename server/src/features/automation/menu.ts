import { BACK_ANSWER, menuLine, texts } from './texts';

export interface MenuItem {
  name: string;
}

/**
 * A menu as numbered text: the header (a greeting, an option's message), one line per item numbered
 * from 1, and the way back when there is a level above. Lists and buttons (chatBotType list/button)
 * are shown this way too: no provider this build runs renders them, and numbered text is what every
 * channel can show.
 */
export function renderMenu(header: string, items: MenuItem[], canGoBack: boolean): string {
  const lines = items.map((item, i) => menuLine(i + 1, item.name));
  if (canGoBack) lines.push(menuLine(BACK_ANSWER, texts.back));
  const head = header.trim();
  return head ? `${head}\n\n${lines.join('\n')}` : lines.join('\n');
}

export type MenuAnswer = { kind: 'choice'; index: number } | { kind: 'back' } | { kind: 'invalid' };

/**
 * What the customer's text means at a menu of `count` items: a number in range (spaces, a trailing
 * dot or brackets forgiven: "2", " 2.", "[2]"), the back answer, or anything else (invalid).
 */
export function parseMenuAnswer(text: string, count: number): MenuAnswer {
  const cleaned = text.trim().replace(/^\*?\[?\s*|\s*\]?\*?\.?$/g, '');
  if (cleaned === BACK_ANSWER) return { kind: 'back' };
  if (!/^\d{1,3}$/.test(cleaned)) return { kind: 'invalid' };
  const n = Number(cleaned);
  return n >= 1 && n <= count ? { kind: 'choice', index: n - 1 } : { kind: 'invalid' };
}
