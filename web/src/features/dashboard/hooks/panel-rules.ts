import { type Actor, isAdmin, type PanelTicketView } from '@chatflow/contract';

/** Minutes a waiting ticket may wait before the panel shows it in the alert colour. */
export const WAIT_ALERT_MINUTES = 10;

/** Whole minutes waited since `since` (never below 0: a clock a little ahead of the server). */
export const minutesWaited = (since: string, now: number) => Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));

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
 * "Pendentes" first (tickets waiting, or without an agent), the longest waiting on top, then one card
 * per agent of the company by name, with their open tickets (an agent without any still has a card, saying so).
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
  const since = (t: PanelTicketView) => (t.waitingSince ? Date.parse(t.waitingSince) : Number.POSITIVE_INFINITY);
  pending.sort((a, b) => since(a) - since(b) || a.id - b.id);
  return [{ key: 'pending', title: null, online: null, tickets: pending }, ...cards];
}
