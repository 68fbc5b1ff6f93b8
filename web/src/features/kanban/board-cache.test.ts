import type { TicketView } from '@chatflow/contract';
import { describe, expect, test } from 'vitest';
import { applyTicket, belongsOnBoard, boardFrom, laneOfTicket, movedTicket, withCard, withoutCard } from './board-cache';

const ticket = (id: number, overrides: Partial<TicketView> = {}): TicketView =>
  ({
    id,
    uuid: `u-${id}`,
    status: 'pending',
    isGroup: false,
    queueId: 1,
    userId: null,
    tags: [],
    updatedAt: `2026-03-10T10:${String(id).padStart(2, '0')}:00.000Z`,
    ...overrides,
  }) as TicketView;

const lanes = new Set([7, 9]);
const filters = { startDate: '2026-03-01', endDate: '2026-03-31', queueIds: [1], userId: 5 };
const utcDay = (iso: string) => iso.slice(0, 10);

describe('the board cache', () => {
  test("the first paint's cards go to the lanes the answer names, in its order", () => {
    const board = boardFrom({
      tickets: [ticket(1), ticket(2, { tags: [{ id: 7, name: 'A', color: '#000' }] })],
      lanes: [
        { laneId: 0, count: 1, hasMore: false, ticketIds: [1] },
        { laneId: 7, count: 41, hasMore: true, ticketIds: [2] },
      ],
    });
    expect(board[0].cards.map((c) => c.id)).toEqual([1]);
    expect(board[7]).toMatchObject({ count: 41, hasMore: true, page: 1 });
  });

  test("a card's lane is its lane tag with the smallest id; plain tags do not count", () => {
    expect(laneOfTicket({ tags: [{ id: 3, name: 'VIP', color: '#000' }] }, lanes)).toBe(0);
    expect(
      laneOfTicket(
        {
          tags: [
            { id: 9, name: 'B', color: '#000' },
            { id: 7, name: 'A', color: '#000' },
          ],
        },
        lanes,
      ),
    ).toBe(7);
  });

  test('another agent moving a card takes it out of its lane and puts it in the new one at its place by update', () => {
    let board = boardFrom({
      tickets: [ticket(3), ticket(1), ticket(4, { tags: [{ id: 7, name: 'A', color: '#000' }] })],
      lanes: [
        { laneId: 0, count: 2, hasMore: false, ticketIds: [3, 1] },
        { laneId: 7, count: 1, hasMore: false, ticketIds: [4] },
      ],
    });
    board = applyTicket(board, ticket(3, { tags: [{ id: 7, name: 'A', color: '#000' }] }), lanes, true);
    expect(board[0]).toMatchObject({ count: 1, cards: [{ id: 1 }] });
    expect(board[7].cards.map((c) => c.id)).toEqual([4, 3]);
    expect(board[7].count).toBe(2);
    board = applyTicket(board, ticket(4, { status: 'closed' }), lanes, false);
    expect(board[7]).toMatchObject({ count: 1, cards: [{ id: 3 }] });
  });

  test('a card older than the loaded part of a lane with more pages is counted, not shown out of order', () => {
    const board = withCard({ 7: { cards: [ticket(9)], count: 50, hasMore: true, page: 1 } }, ticket(1), 7);
    expect(board[7]).toMatchObject({ count: 51, cards: [{ id: 9 }] });
    expect(withoutCard(board, 42)[7]).toBe(board[7]);
  });

  test("what belongs on the board: open or pending, not a group, updated in the range, in the user's queues or theirs or queueless", () => {
    expect(belongsOnBoard(ticket(1), filters, utcDay)).toBe(true);
    expect(belongsOnBoard(ticket(1, { status: 'closed' }), filters, utcDay)).toBe(false);
    expect(belongsOnBoard(ticket(1, { isGroup: true }), filters, utcDay)).toBe(false);
    expect(belongsOnBoard(ticket(1, { updatedAt: '2026-04-01T00:00:00.000Z' }), filters, utcDay)).toBe(false);
    expect(belongsOnBoard(ticket(1, { queueId: 2 }), filters, utcDay)).toBe(false);
    expect(belongsOnBoard(ticket(1, { queueId: 2, userId: 5 }), filters, utcDay)).toBe(true);
    expect(belongsOnBoard(ticket(1, { queueId: null }), filters, utcDay)).toBe(true);
  });

  test('a moved ticket keeps its plain tags and carries the new lane only', () => {
    const t = ticket(1, {
      tags: [
        { id: 3, name: 'VIP', color: '#111' },
        { id: 7, name: 'A', color: '#000' },
      ],
    });
    expect(movedTicket(t, 9, { id: 9, name: 'B', color: '#222' }, lanes).tags.map((x) => x.id)).toEqual([3, 9]);
    expect(movedTicket(t, 0, null, lanes).tags.map((x) => x.id)).toEqual([3]);
  });
});
