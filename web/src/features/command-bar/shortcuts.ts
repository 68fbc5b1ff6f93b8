import type { ShortcutName } from '../../lib/shortcuts';

/** The help overlay's sections, in the order it lists them. */
export const SHORTCUT_SECTIONS: { title: 'general' | 'inbox'; names: ShortcutName[] }[] = [
  { title: 'general', names: ['commandBar', 'help'] },
  { title: 'inbox', names: ['accept', 'resolve', 'transfer', 'nextTicket', 'previousTicket', 'nextUnanswered', 'resolveAndNext'] },
];
