import type { Db } from '../../db/client';
import type { MessageRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { type Realtime, rooms, ticketAudience } from '../../realtime/emit';
import { loadAnnouncement } from './announcement-view';

/** What announcing needs: the database to read the views from and the sockets to tell. */
export interface AnnounceDeps {
  db: Db;
  realtime: Realtime;
}

export type AnnouncedMessage = Pick<MessageRow, 'id' | 'companyId' | 'ticketId'>;

export interface AnnounceOptions {
  /** The message created its contact: the company hears of the contact first. */
  newContact?: boolean;
  /** The message opened its ticket: the ticket's audience hears of the new ticket before the message. */
  newTicket?: boolean;
}

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
 * The one place a message is announced, whoever wrote it (inbound pipeline, an agent's send, an
 * automatic text, the send job, a provider's ack, edit or delete). Call it once the message is
 * committed: the views are read then, so they show the ticket as that commit left it.
 *
 * One order: (1) `company-{id}-contact` create, when the message created its contact; (2)
 * `company-{id}-ticket` update, only when the message opened its ticket (lists and tab counts learn
 * of a ticket they never saw); (3) `company-{id}-appMessage` { action, message, ticket } to the
 * ticket's audience and its open chat boxes. The appMessage carries the ticket view (new last
 * message, unread count), so it is the one ticket event a socket gets for a message on an existing
 * ticket: two (a ticket update and the message's ticket) let a screen that clears the unread badge
 * of the ticket it shows on the message, but not on the update, flicker it 1 -> 0 -> 1.
 * Announcements of one ticket leave in the order they were asked for, so a quick "sent" then "read"
 * never reaches a screen as "read" then "sent".
 */
export function publishMessage(
  deps: AnnounceDeps,
  message: AnnouncedMessage,
  action: MessageChange,
  opts: AnnounceOptions = {},
): Promise<void> {
  return inTicketOrder(message.ticketId, async () => {
    const views = await loadAnnouncement(deps.db, message.companyId, message.id, opts);
    if (!views) return; // deleted meanwhile
    const { ticket } = views;
    const audience = ticketAudience(ticket);
    if (views.newContact) deps.realtime.toCompany(message.companyId, 'contact', { action: 'create', contact: views.newContact });
    if (opts.newTicket) deps.realtime.toRoom(message.companyId, audience, 'ticket', { action: 'update', ticket });
    const to = [...audience, rooms.chatBox(ticket.uuid)];
    deps.realtime.toRoom(message.companyId, to, 'appMessage', {
      action: action === 'delete' ? 'update' : action,
      message: views.message,
      ticket,
    });
    // A deleted message is also `appMessage` delete (spec 1 §7, for clients written against the spec); the
    // update before it carries the view the conversation shows ("Essa mensagem foi apagada").
    if (action === 'delete')
      deps.realtime.toRoom(message.companyId, to, 'appMessage', { action: 'delete', messageId: message.id, ticketId: ticket.id });
  });
}

/** What happened to the message: `delete` is a message marked deleted (the row stays). */
export type MessageChange = 'create' | 'update' | 'delete';

/** publishMessage after the transaction commits (and never if it rolls back). */
export function announceMessage(
  tx: HookedTx,
  deps: AnnounceDeps,
  message: AnnouncedMessage,
  action: MessageChange,
  opts: AnnounceOptions = {},
) {
  tx.afterCommit(() => publishMessage(deps, message, action, opts));
}

/**
 * announceMessage for the many messages of one commit (a campaign step's sends, a provider's acks): one
 * after-commit hook publishes them side by side, so their views are read together (one statement for
 * a burst) instead of one read after another; each ticket's announcements still leave in order.
 */
export function announceMessages(tx: HookedTx, deps: AnnounceDeps, messages: AnnouncedMessage[], action: 'create' | 'update') {
  if (messages.length === 0) return;
  tx.afterCommit(async () => {
    const failed = (await Promise.allSettled(messages.map((m) => publishMessage(deps, m, action)))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
}
