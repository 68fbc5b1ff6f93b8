import type { CompanyEvents, TicketView } from '@chatflow/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { belongsToList, compareTickets } from './list-rules';
import type { ListViewer, TicketFilters, TicketPage } from './types';

/**
 * How realtime events edit the cached ticket lists (STYLE: lists never refetch everything). The page
 * functions are pure, so the rules are tested without a socket; the QueryClient ones apply them to
 * every cached list, whose key carries the filters it was fetched with.
 */
export type TicketPages = InfiniteData<TicketPage, number>;

export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  list: (filters: TicketFilters) => [...ticketKeys.lists(), filters] as const,
  notifications: () => [...ticketKeys.all, 'notifications'] as const,
  countsAll: () => [...ticketKeys.all, 'counts'] as const,
  counts: (queueIds: number[] | null, showAll: boolean) => [...ticketKeys.countsAll(), { queueIds, showAll }] as const,
};

/**
 * The loaded rows in order, each ticket once: pages are fetched by offset, so a ticket that moved up
 * while later pages loaded could otherwise appear twice.
 */
export function flattenPages(data: { pages: TicketPage[] } | undefined): TicketView[] {
  if (!data) return [];
  const seen = new Set<number>();
  const rows: TicketView[] = [];
  for (const page of data.pages) {
    for (const t of page.tickets) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      rows.push(t);
    }
  }
  return rows;
}

const contains = (data: TicketPages, id: number) => data.pages.some((p) => p.tickets.some((t) => t.id === id));

export function removeFromPages(data: TicketPages, ticketId: number): TicketPages {
  if (!contains(data, ticketId)) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, count: Math.max(0, p.count - 1), tickets: p.tickets.filter((t) => t.id !== ticketId) })),
  };
}

export function patchInPages(data: TicketPages, ticketId: number, patch: (t: TicketView) => TicketView): TicketPages {
  if (!contains(data, ticketId)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticketId ? patch(t) : t)) })) };
}

/**
 * A changed ticket: taken out of a list it no longer belongs to, else put where its updatedAt sorts
 * (a new message moves it to the top). Past the last loaded row it waits for its page, unless
 * nothing is left to load. A search list only refreshes the rows it already has.
 */
export function upsertInPages(data: TicketPages, ticket: TicketView, filters: TicketFilters, viewer: ListViewer): TicketPages {
  if (filters.tab === 'search') return patchInPages(data, ticket.id, () => ticket);
  if (!belongsToList(ticket, filters, viewer)) return removeFromPages(data, ticket.id);
  const wasThere = contains(data, ticket.id);
  const pages = data.pages.map((p) => ({
    ...p,
    count: wasThere ? p.count : p.count + 1,
    tickets: p.tickets.filter((t) => t.id !== ticket.id),
  }));
  for (const page of pages) {
    const at = page.tickets.findIndex((t) => compareTickets(ticket, t, filters.sortTickets) < 0);
    if (at >= 0) {
      page.tickets = [...page.tickets.slice(0, at), ticket, ...page.tickets.slice(at)];
      return { ...data, pages };
    }
  }
  const last = pages.at(-1);
  if (last && !last.hasMore) last.tickets = [...last.tickets, ticket];
  return { ...data, pages };
}

type ListEntry = [readonly unknown[], TicketPages | undefined];
const filtersOf = (key: readonly unknown[]) => key[2] as TicketFilters;

function eachList(qc: QueryClient, edit: (data: TicketPages, filters: TicketFilters) => TicketPages) {
  for (const [key, data] of qc.getQueriesData<TicketPages>({ queryKey: ticketKeys.lists() }) as ListEntry[]) {
    if (!data) continue;
    const next = edit(data, filtersOf(key));
    if (next !== data) qc.setQueryData<TicketPages>(key, next);
  }
}

/** Whether any cached list holds the ticket. */
export function isTicketCached(qc: QueryClient, ticketId: number): boolean {
  return (qc.getQueriesData<TicketPages>({ queryKey: ticketKeys.lists() }) as ListEntry[]).some(
    ([, data]) => !!data && contains(data, ticketId),
  );
}

/**
 * Whether an event may change the tab badges: a ticket leaving lists or deleted, or one no cached
 * list knows (new, or beyond the loaded pages). A message on a listed ticket keeps every count.
 */
export function changesCounts(event: CompanyEvents['ticket'], wasCached: boolean): boolean {
  if (event.action === 'updateUnread') return false;
  return event.action !== 'update' || !wasCached;
}

export function upsertTicket(qc: QueryClient, ticket: TicketView, viewer: ListViewer) {
  eachList(qc, (data, filters) => upsertInPages(data, ticket, filters, viewer));
}

export function removeTicket(qc: QueryClient, ticketId: number) {
  eachList(qc, (data) => removeFromPages(data, ticketId));
}

/** updateUnread: the ticket was read somewhere, its badge goes. */
export function markTicketRead(qc: QueryClient, ticketId: number) {
  eachList(qc, (data) => patchInPages(data, ticketId, (t) => (t.unreadMessages === 0 ? t : { ...t, unreadMessages: 0 })));
}

/**
 * A new message: the event's ticket carries the new lastMessage and unread count. The ticket open on
 * screen is being read as it arrives, so it keeps no badge.
 */
export function applyNewMessage(qc: QueryClient, ticket: TicketView, viewer: ListViewer, openUuid: string | null) {
  upsertTicket(qc, ticket.uuid === openUuid ? { ...ticket, unreadMessages: 0 } : ticket, viewer);
}

/**
 * company-{id}-ticket, applied to every cached list. The ticket open on screen is being read, so it
 * shows no unread badge while the conversation marks it read.
 */
export function applyTicketEvent(qc: QueryClient, event: CompanyEvents['ticket'], viewer: ListViewer, openUuid: string | null = null) {
  if (event.action === 'update')
    upsertTicket(qc, event.ticket.uuid === openUuid ? { ...event.ticket, unreadMessages: 0 } : event.ticket, viewer);
  else if (event.action === 'updateUnread') markTicketRead(qc, event.ticketId);
  else removeTicket(qc, event.ticketId);
}
