import type { MessageRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { rooms, ticketAudience } from '../../realtime/emit';
import type { InboundDeps } from './deps';
import { loadAnnouncement } from './views';

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

type Announced = Pick<MessageRow, 'id' | 'companyId' | 'ticketId'>;

/**
 * The ticket's audience hears of the ticket (`company-{id}-ticket` update, for a new message), and
 * the same audience plus the open conversation (chat box) hear of the message
 * (`company-{id}-appMessage`). Call it only once the message is committed: the views are read then,
 * and events of one ticket leave in the order they were called, so a quick "sent" then "read" never
 * reaches a screen as "read" then "sent".
 */
export function publishMessage(
  deps: Pick<InboundDeps, 'db' | 'realtime'>,
  message: Announced,
  action: 'create' | 'update',
  opts: { newContact?: boolean } = {},
): Promise<void> {
  return inTicketOrder(message.ticketId, async () => {
    const views = await loadAnnouncement(deps.db, message.companyId, message.id, opts);
    if (!views) return; // deleted meanwhile
    const { ticket } = views;
    // A contact created with this message is announced first, as upsertContact would have.
    if (views.newContact) deps.realtime.toCompany(message.companyId, 'contact', { action: 'create', contact: views.newContact });
    const audience = ticketAudience(ticket);
    if (action === 'create') deps.realtime.toRoom(message.companyId, audience, 'ticket', { action: 'update', ticket });
    deps.realtime.toRoom(message.companyId, [...audience, rooms.chatBox(ticket.uuid)], 'appMessage', {
      action,
      message: views.message,
      ticket,
    });
  });
}

/** publishMessage after the transaction commits (and never if it rolls back). */
export function announceMessage(tx: HookedTx, deps: Pick<InboundDeps, 'db' | 'realtime'>, message: Announced, action: 'create' | 'update') {
  tx.afterCommit(() => publishMessage(deps, message, action));
}
