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
