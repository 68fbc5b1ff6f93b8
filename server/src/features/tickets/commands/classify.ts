import type { TicketRow } from '../../../db/schema';
import { fieldError } from '../rules';
import type { UpdateData } from '../transitions/step';

export type TransitionName = 'accept' | 'returnToQueue' | 'resolve' | 'ignore' | 'reopen' | 'transfer' | 'fields';

const attended = (status: string) => status === 'open' || status === 'group';
const waiting = (status: string) => status === 'pending' || status === 'lgpd' || status === 'nps';

/**
 * Which change of spec 1 §4.1 a PUT /tickets/{id} asks for, from the ticket's status and the body
 * the web sends for each header action:
 * accept {status: open|group, userId: me, queueId}, return {status: pending, userId: null},
 * resolve/ignore {status: closed}, reopen {status: open} on a closed ticket, transfer
 * {isTransfered: true, queueId, userId?, msgTransfer?}. A change of user or queue without
 * isTransfered is a transfer too; a body that changes nothing of the status only sets its fields.
 */
export function classify(ticket: TicketRow, input: UpdateData, actorId: number): TransitionName {
  const from = ticket.status;
  const to = input.status ?? from;
  const userChange = input.userId !== undefined && input.userId !== ticket.userId;
  const queueChange = input.queueId !== undefined && input.queueId !== ticket.queueId;

  if (input.isTransfered) {
    if (from === 'closed') throw fieldError('status', 'validation.invalid');
    return 'transfer';
  }
  if (to === 'closed') {
    if (from === 'closed') return 'fields';
    return waiting(from) ? 'ignore' : 'resolve';
  }
  if (attended(to)) {
    if (from === 'closed') return 'reopen';
    // Taking a ticket: one's own accept (a holder other than the caller is refused there), or
    // giving it to someone else, which is a transfer.
    if (waiting(from)) return input.userId && input.userId !== actorId ? 'transfer' : 'accept';
    if (userChange) return input.userId === actorId ? 'accept' : 'transfer';
    return queueChange ? 'transfer' : 'fields';
  }
  if (to === 'pending') {
    if (attended(from)) return queueChange ? 'transfer' : 'returnToQueue';
    if (waiting(from)) return queueChange || userChange ? 'transfer' : 'fields';
  }
  throw fieldError('status', 'validation.invalid');
}
