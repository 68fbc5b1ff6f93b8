import { eq } from 'drizzle-orm';
import { type MessageRow, messages } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { rooms, ticketAudience } from '../../realtime/emit';
import { presentOne } from '../messages/presenter';
import { loadTicketView } from '../tickets/loader';
import type { InboundDeps } from './deps';

/** Announcements of one ticket, in commit order: each waits for the previous one of the same ticket. */
const queues = new Map<number, Promise<void>>();

function inTicketOrder(ticketId: number, task: () => Promise<void>): Promise<void> {
  const next = (queues.get(ticketId) ?? Promise.resolve()).then(task);
  const tail = next.catch(() => {});
  queues.set(ticketId, tail);
  void tail.then(() => {
    if (queues.get(ticketId) === tail) queues.delete(ticketId);
  });
  return next;
}

/**
 * After commit: the ticket's audience hears of the ticket (`company-{id}-ticket` update, for a new
 * message), and the same audience plus the open conversation (chat box) hear of the message
 * (`company-{id}-appMessage`). Views are read after the commit and events of one ticket leave in
 * commit order, so a quick "sent" then "read" never reaches a screen as "read" then "sent".
 */
export function announceMessage(tx: HookedTx, deps: Pick<InboundDeps, 'db' | 'realtime'>, message: MessageRow, action: 'create' | 'update') {
  tx.afterCommit(() => inTicketOrder(message.ticketId, async () => {
    const ticket = await loadTicketView(deps.db, message.companyId, message.ticketId);
    if (!ticket) return; // deleted meanwhile
    const [current] = action === 'update' ? await deps.db.select().from(messages).where(eq(messages.id, message.id)) : [message];
    if (!current) return;
    const messageView = await presentOne(deps.db, {
      id: ticket.id, uuid: ticket.uuid, queueId: ticket.queueId, userId: ticket.userId, connectionId: ticket.whatsappId, companyId: message.companyId,
    }, current);
    const audience = ticketAudience(ticket);
    if (action === 'create') deps.realtime.toRoom(message.companyId, audience, 'ticket', { action: 'update', ticket });
    deps.realtime.toRoom(message.companyId, [...audience, rooms.chatBox(ticket.uuid)], 'appMessage', { action, message: messageView, ticket });
  }));
}
