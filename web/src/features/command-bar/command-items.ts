import type { ContactView, MenuEntry, TicketView } from '@chatflow/contract';

export type CommandGroup = 'screens' | 'tickets' | 'contacts';

/** One row of the bar: what it shows and where choosing it goes. */
export type CommandItem =
  | { group: 'screens'; id: string; label: string; path: string; entry: MenuEntry }
  | { group: 'tickets'; id: string; label: string; secondary: string; ticket: TicketView }
  | { group: 'contacts'; id: string; label: string; secondary: string; contact: ContactView };

/** Case and accents do not matter: "configuracoes" finds "Configurações". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The rows in the order the arrow keys walk them: screens whose label contains the term (every one
 * for an empty box), then tickets, then contacts, as the server found them.
 */
export function commandItems(
  term: string,
  screens: { entry: MenuEntry; label: string }[],
  tickets: TicketView[],
  contacts: ContactView[],
): CommandItem[] {
  const wanted = fold(term.trim());
  return [
    ...screens
      .filter((s) => fold(s.label).includes(wanted))
      .map((s): CommandItem => ({ group: 'screens', id: `screen-${s.entry.key}`, label: s.label, path: s.entry.path, entry: s.entry })),
    ...tickets.map(
      (t): CommandItem => ({
        group: 'tickets',
        id: `ticket-${t.id}`,
        label: `#${t.id} · ${t.contact.name}`,
        secondary: t.contact.number,
        ticket: t,
      }),
    ),
    ...contacts.map(
      (c): CommandItem => ({ group: 'contacts', id: `contact-${c.id}`, label: c.name, secondary: c.number || c.email, contact: c }),
    ),
  ];
}

/** The next row for an arrow key, wrapping at both ends. */
export function step(index: number, count: number, delta: 1 | -1): number {
  if (count === 0) return 0;
  return (index + delta + count) % count;
}
