import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { belongsToList } from './list-rules';
import { filtersFor, type ManagerState } from './manager-filters';
import { ticketListPermissions } from './permissions';
import { makeTicket, makeUser } from './testing';
import {
  applyNewMessage,
  applyTicketEvent,
  changesCounts,
  flattenPages,
  patchInPages,
  removeFromPages,
  type TicketPages,
  ticketKeys,
  upsertInPages,
} from './ticket-cache';
import type { TicketFilters } from './types';

const me = { id: 7, profile: 'user' as const };
const filters = (over: Partial<TicketFilters> = {}): TicketFilters => ({
  tab: 'open',
  queueIds: null,
  showAll: false,
  searchParam: '',
  searchOnMessages: false,
  tags: [],
  users: [],
  whatsapps: [],
  statuses: [],
  sortTickets: 'DESC',
  ...over,
});
const pages = (...list: { ids: number[]; hasMore: boolean; count?: number }[]): TicketPages => ({
  pageParams: list.map((_, i) => i + 1),
  pages: list.map((p) => ({ tickets: p.ids.map((id) => makeTicket(id)), hasMore: p.hasMore, count: p.count ?? 10 })),
});
const ids = (data: TicketPages) => data.pages.map((p) => p.tickets.map((t) => t.id));

describe('which list a ticket belongs to', () => {
  test("the open tab holds the user's own open tickets, everyone's with show-all", () => {
    expect(belongsToList(makeTicket(1), filters(), me)).toBe(true);
    expect(belongsToList(makeTicket(1, { userId: 9 }), filters(), me)).toBe(false);
    expect(belongsToList(makeTicket(1, { userId: 9 }), filters({ showAll: true }), me)).toBe(true);
    expect(belongsToList(makeTicket(1, { status: 'pending' }), filters(), me)).toBe(false);
  });

  test("pending holds free tickets and the user's; groups ignore owner and queue", () => {
    const pending = filters({ tab: 'pending' });
    expect(belongsToList(makeTicket(1, { status: 'pending', userId: null }), pending, me)).toBe(true);
    expect(belongsToList(makeTicket(1, { status: 'pending', userId: 9 }), pending, me)).toBe(false);
    const group = filters({ tab: 'group', queueIds: [5] });
    expect(belongsToList(makeTicket(1, { status: 'group', userId: 9, queueId: 3, isGroup: true }), group, me)).toBe(true);
  });

  test("the queue choice lets through chosen queues, tickets without a queue and the user's own", () => {
    const chosen = filters({ tab: 'pending', queueIds: [2] });
    expect(belongsToList(makeTicket(1, { status: 'pending', userId: null, queueId: 1 }), chosen, me)).toBe(false);
    expect(belongsToList(makeTicket(1, { status: 'pending', userId: null, queueId: 2 }), chosen, me)).toBe(true);
    expect(belongsToList(makeTicket(1, { status: 'pending', userId: null, queueId: null, queue: null }), chosen, me)).toBe(true);
    expect(belongsToList(makeTicket(1, { status: 'open', queueId: 1 }), filters({ queueIds: [2] }), me)).toBe(true);
  });

  test('a search never takes in new tickets', () => {
    expect(belongsToList(makeTicket(1), filters({ tab: 'search' }), me)).toBe(false);
  });
});

describe('list filters from the manager', () => {
  const state: ManagerState = {
    queueIds: null,
    showAll: true,
    sortTickets: 'ASC',
    searchParam: 'ana',
    searchOnMessages: true,
    tags: [1],
    users: [2],
    whatsapps: [3],
    statuses: ['open'],
  };
  test('a user without showall rights never lists all, and the resolved/search views stay newest first', () => {
    const user = makeUser();
    const perms = ticketListPermissions(user);
    expect(filtersFor('open', state, perms, user)).toMatchObject({ showAll: false, sortTickets: 'ASC', searchParam: '', tags: [] });
    expect(filtersFor('closed', state, perms, user)).toMatchObject({ showAll: false, sortTickets: 'DESC' });
    expect(filtersFor('search', state, perms, user)).toMatchObject({
      showAll: false,
      sortTickets: 'DESC',
      searchParam: 'ana',
      users: [],
      tags: [1],
    });
  });
  test('an admin lists all where asked, sees every resolved ticket and filters by user', () => {
    const admin = makeUser({ profile: 'admin' });
    const perms = ticketListPermissions(admin);
    expect(filtersFor('open', state, perms, admin).showAll).toBe(true);
    expect(filtersFor('closed', { ...state, showAll: false }, perms, admin).showAll).toBe(true);
    expect(filtersFor('search', state, perms, admin)).toMatchObject({ showAll: true, users: [2] });
  });
  test('allUserChat counts as admin for show-all; allHistoric opens the resolved list', () => {
    const chat = makeUser({ allUserChat: 'enabled' });
    expect(filtersFor('pending', state, ticketListPermissions(chat), chat).showAll).toBe(true);
    expect(filtersFor('search', state, ticketListPermissions(chat), chat).showAll).toBe(false);
    const historic = makeUser({ allHistoric: 'enabled' });
    expect(filtersFor('closed', { ...state, showAll: false }, ticketListPermissions(historic), historic).showAll).toBe(true);
  });
});

describe('cached pages', () => {
  test('a new message moves its ticket to the top of a newest-first list, counted once', () => {
    const data = pages({ ids: [5, 4], hasMore: true }, { ids: [3, 2], hasMore: false });
    const moved = upsertInPages(data, makeTicket(2, { updatedAt: '2024-02-01T00:00:00.000Z', lastMessage: 'novo' }), filters(), me);
    expect(ids(moved)).toEqual([[2, 5, 4], [3]]);
    expect(moved.pages[0].tickets[0].lastMessage).toBe('novo');
    expect(moved.pages[0].count).toBe(10);
    const fresh = upsertInPages(data, makeTicket(9, { updatedAt: '2024-02-01T00:00:00.000Z' }), filters(), me);
    expect(ids(fresh)).toEqual([
      [9, 5, 4],
      [3, 2],
    ]);
    expect(fresh.pages.map((p) => p.count)).toEqual([11, 11]);
  });

  test('ascending order puts a changed ticket last, and waits for its page while more are to load', () => {
    const asc = filters({ sortTickets: 'ASC' });
    const late = makeTicket(8, { updatedAt: '2024-02-01T00:00:00.000Z' });
    expect(ids(upsertInPages(pages({ ids: [2, 3], hasMore: false }), late, asc, me))).toEqual([[2, 3, 8]]);
    expect(ids(upsertInPages(pages({ ids: [2, 3], hasMore: true }), late, asc, me))).toEqual([[2, 3]]);
  });

  test('a ticket that no longer belongs leaves the list; one that never did leaves it untouched', () => {
    const data = pages({ ids: [3, 2, 1], hasMore: false, count: 3 });
    const gone = upsertInPages(data, makeTicket(2, { status: 'closed' }), filters(), me);
    expect(ids(gone)).toEqual([[3, 1]]);
    expect(gone.pages[0].count).toBe(2);
    expect(upsertInPages(data, makeTicket(9, { userId: 99 }), filters(), me)).toBe(data);
    expect(removeFromPages(data, 42)).toBe(data);
  });

  test('a search refreshes its rows in place and adds none', () => {
    const data = pages({ ids: [3, 2], hasMore: false });
    const searched = upsertInPages(
      data,
      makeTicket(2, { lastMessage: 'outra', updatedAt: '2030-01-01T00:00:00.000Z' }),
      filters({ tab: 'search' }),
      me,
    );
    expect(ids(searched)).toEqual([[3, 2]]);
    expect(searched.pages[0].tickets[1].lastMessage).toBe('outra');
    expect(upsertInPages(data, makeTicket(9), filters({ tab: 'search' }), me)).toBe(data);
  });

  test('patch edits one row; flattening drops a ticket seen twice across pages', () => {
    const data = pages({ ids: [3, 2], hasMore: true }, { ids: [2, 1], hasMore: false });
    expect(flattenPages(data).map((t) => t.id)).toEqual([3, 2, 1]);
    const patched = patchInPages(data, 3, (t) => ({ ...t, unreadMessages: 4 }));
    expect(patched.pages[0].tickets[0].unreadMessages).toBe(4);
  });
});

describe('realtime events on the query cache', () => {
  function cacheWith(list: TicketFilters, data: TicketPages) {
    const qc = new QueryClient();
    qc.setQueryData(ticketKeys.list(list), data);
    return { qc, read: () => qc.getQueryData<TicketPages>(ticketKeys.list(list))! };
  }

  test('update moves a ticket between tabs; delete and removeFromList take it out', () => {
    const open = filters();
    const pending = filters({ tab: 'pending' });
    const qc = new QueryClient();
    qc.setQueryData(ticketKeys.list(open), pages({ ids: [1], hasMore: false, count: 1 }));
    qc.setQueryData(ticketKeys.list(pending), {
      pageParams: [1],
      pages: [{ tickets: [makeTicket(2, { status: 'pending', userId: null })], hasMore: false, count: 1 }],
    });
    applyTicketEvent(
      qc,
      { action: 'update', ticket: makeTicket(2, { status: 'open', userId: 7, updatedAt: '2030-01-01T00:00:00.000Z' }) },
      me,
    );
    expect(ids(qc.getQueryData<TicketPages>(ticketKeys.list(open))!)).toEqual([[2, 1]]);
    expect(ids(qc.getQueryData<TicketPages>(ticketKeys.list(pending))!)).toEqual([[]]);
    applyTicketEvent(qc, { action: 'removeFromList', ticketId: 2 }, me);
    applyTicketEvent(qc, { action: 'delete', ticketId: 1 }, me);
    expect(ids(qc.getQueryData<TicketPages>(ticketKeys.list(open))!)).toEqual([[]]);
  });

  test('updateUnread clears the badge; a new message sets it, except on the ticket open on screen', () => {
    const { qc, read } = cacheWith(filters(), {
      pageParams: [1],
      pages: [{ tickets: [makeTicket(1, { unreadMessages: 3 }), makeTicket(2)], hasMore: false, count: 2 }],
    });
    applyTicketEvent(qc, { action: 'updateUnread', ticketId: 1 }, me);
    expect(read().pages[0].tickets.find((t) => t.id === 1)?.unreadMessages).toBe(0);
    const later = { updatedAt: '2030-01-01T00:00:00.000Z', unreadMessages: 2, lastMessage: 'oi' };
    applyNewMessage(qc, makeTicket(2, later), me, null);
    expect(read().pages[0].tickets[0]).toMatchObject({ id: 2, unreadMessages: 2, lastMessage: 'oi' });
    applyNewMessage(qc, makeTicket(1, { ...later, updatedAt: '2031-01-01T00:00:00.000Z' }), me, 'uuid-1');
    expect(read().pages[0].tickets[0]).toMatchObject({ id: 1, unreadMessages: 0, lastMessage: 'oi' });
  });

  test('badges are recounted when a ticket leaves, is deleted or is new to the cache, not for a message on a listed one', () => {
    expect(changesCounts({ action: 'update', ticket: makeTicket(1) }, true)).toBe(false);
    expect(changesCounts({ action: 'update', ticket: makeTicket(1) }, false)).toBe(true);
    expect(changesCounts({ action: 'removeFromList', ticketId: 1 }, true)).toBe(true);
    expect(changesCounts({ action: 'delete', ticketId: 1 }, true)).toBe(true);
    expect(changesCounts({ action: 'updateUnread', ticketId: 1 }, false)).toBe(false);
  });
});
