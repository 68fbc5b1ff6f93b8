import { type Actor, isAdmin, type PanelTicketView } from '@chatflow/contract';

/** The panel shows tickets being served or waiting (spec 2 "Attendance panel"). */
export const isActiveTicketStatus = (status: string) => status === 'open' || status === 'pending';

/** In the panel an admin may open any ticket; others only their own (spec 2 §6). */
export const canOpenFromPanel = (actor: Pick<Actor, 'id' | 'profile'>, ticket: Pick<PanelTicketView, 'userId'>) =>
  isAdmin(actor) || ticket.userId === actor.id;

export interface PanelColumn {
  key: string;
  title: string | null;
  online: boolean | null;
  tickets: PanelTicketView[];
}

/**
 * "Pendentes" first (tickets waiting, or without an agent), then one card per agent of the company by
 * name, with their open tickets (an agent without any still has a card, saying so).
 */
export function panelColumns(tickets: PanelTicketView[], agents: { id: number; name: string; online: boolean }[]): PanelColumn[] {
  const pending: PanelTicketView[] = [];
  const byUser = new Map<number, PanelColumn>(
    agents.map((a) => [a.id, { key: `user-${a.id}`, title: a.name, online: a.online, tickets: [] as PanelTicketView[] }]),
  );
  for (const t of tickets) {
    if (t.status === 'pending' || !t.user) {
      pending.push(t);
      continue;
    }
    const column = byUser.get(t.user.id) ?? { key: `user-${t.user.id}`, title: t.user.name, online: null, tickets: [] };
    column.tickets.push(t);
    byUser.set(t.user.id, column);
  }
  const cards = [...byUser.values()].sort((a, b) => (a.title ?? '').localeCompare(b.title ?? ''));
  return [{ key: 'pending', title: null, online: null, tickets: pending }, ...cards];
}
