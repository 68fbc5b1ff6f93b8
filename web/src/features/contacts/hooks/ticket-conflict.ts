import type { OtherOpenTicket } from '@chatflow/contract';
import { ApiError } from '../../../lib/api';

/**
 * The ticket in the way of a new one (spec 1 §4.1): POST /tickets answers 409 ERR_OTHER_OPEN_TICKET
 * with it under `ticket`. Anything else is not a conflict.
 */
export function ticketConflictOf(err: unknown): OtherOpenTicket | null {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET') return null;
  const ticket = (err.body as { ticket?: OtherOpenTicket } | null)?.ticket;
  return ticket && typeof ticket.uuid === 'string' ? ticket : null;
}
