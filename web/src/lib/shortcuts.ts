import type { ShortcutKey } from './use-shortcut';

/**
 * Every keyboard shortcut of the app, in the order the help overlay (`?`) lists them. The inbox's
 * keys are plain letters, so they never fire while the user types (use-shortcut.ts); the command bar
 * has a modifier and works everywhere. J and K follow the mail clients' convention for next and
 * previous (the arrow keys already move the focus inside the ticket list); E ("done") follows Gmail's archive.
 */
export const SHORTCUTS = {
  commandBar: { key: 'k', mod: true },
  help: { key: '?' },
  accept: { key: 'a' },
  resolve: { key: 'r' },
  transfer: { key: 't' },
  nextTicket: { key: 'j' },
  previousTicket: { key: 'k' },
  nextUnanswered: { key: 'n' },
  resolveAndNext: { key: 'e' },
} as const satisfies Record<string, ShortcutKey>;

export type ShortcutName = keyof typeof SHORTCUTS;

/** Cmd on Apple keyboards, Ctrl elsewhere. */
export const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** The keys as the help shows them: ["Ctrl", "K"], ["?"], ["A"]. */
export function keyCaps(s: ShortcutKey): string[] {
  return [...(s.mod ? [isApple() ? '⌘' : 'Ctrl'] : []), s.key.length === 1 ? s.key.toUpperCase() : s.key];
}
