import type { TicketView } from '@chatflow/contract';

/**
 * The ticket J (+1) or K (−1) opens: the one after or before the open one in the list on screen, or
 * the list's first when the open ticket is not in it. Stops at the ends (null: nothing to open).
 */
export function neighbourTicket(rows: TicketView[], openUuid: string | null, delta: 1 | -1): TicketView | null {
  const at = openUuid === null ? -1 : rows.findIndex((t) => t.uuid === openUuid);
  if (at < 0) return rows[0] ?? null;
  return rows[at + delta] ?? null;
}

/**
 * The ticket N opens: the next row after the open one (wrapping round the loaded list) whose customer
 * is waiting for an answer, i.e. has unread messages. Null when no other row has any.
 */
export function nextUnanswered(rows: TicketView[], openUuid: string | null): TicketView | null {
  const at = openUuid === null ? -1 : rows.findIndex((t) => t.uuid === openUuid);
  for (let step = 1; step <= rows.length; step++) {
    const row = rows[(at + step + rows.length) % rows.length];
    if (row && row.uuid !== openUuid && row.unreadMessages > 0) return row;
  }
  return null;
}

/** The waiting ticket E opens after resolving: the top of the waiting list, skipping the resolved one. */
export function firstWaiting(rows: TicketView[], resolvedUuid: string): TicketView | null {
  return rows.find((t) => t.uuid !== resolvedUuid && t.status === 'pending') ?? null;
}
