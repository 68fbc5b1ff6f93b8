import type { TicketRow } from '../../../db/schema';
import { activeTicketOf, describeHolder, otherOpenTicket } from '../conflict';
import { addTicketLogs, startTracking, trackQueued, trackStarted } from '../history';
import { assertQueueChoice } from '../rules';
import { attendedStatus, connectionOf, enabled, type Step, saveTicket, say, talksToContact } from './step';

// An agent taking a ticket (accept, reopen) or letting it go back to its queue.

/**
 * pending → open (or group): the current user takes the ticket, with the queue chosen in the
 * accept modal (required once the company has queues). A ticket another agent already holds is
 * not taken over: 409 naming the holder and queue (also what the slower of two racing agents gets).
 * With sendGreetingAccepted on, the greetingAcceptedMessage goes to the contact.
 */
export async function accept(step: Step): Promise<TicketRow> {
  const { before, ctx, input } = step;
  if (before.userId !== null && before.userId !== ctx.actor.id) throw otherOpenTicket(await describeHolder(step.tx, before.id));
  const queueId = input.queueId !== undefined ? input.queueId : before.queueId;
  await assertQueueChoice(step.tx, ctx.companyId, queueId);

  const after = await saveTicket(step, { status: attendedStatus(before, input.status), userId: ctx.actor.id, queueId });
  await addTicketLogs(step.tx, after, [
    ...(queueId !== before.queueId ? [{ type: 'queue' as const, userId: ctx.actor.id, queueId }] : []),
    { type: 'open', userId: ctx.actor.id, queueId },
  ]);
  await trackStarted(step.tx, before, after, step.now);

  const wasWaiting = before.status !== 'open' && before.status !== 'group';
  if (wasWaiting && enabled(step.settings, 'sendGreetingAccepted') && talksToContact(before, await connectionOf(step))) {
    say(step, step.settings.greetingAcceptedMessage);
  }
  return after;
}

/** open (or group) → pending: the agent lets go; the ticket waits in its queue with no user. */
export async function returnToQueue(step: Step): Promise<TicketRow> {
  const after = await saveTicket(step, { status: 'pending', userId: null });
  await addTicketLogs(step.tx, after, [{ type: 'pending', userId: step.ctx.actor.id, queueId: after.queueId }]);
  await trackQueued(step.tx, step.before, after, step.now);
  return after;
}

/**
 * closed → open (or group) for the current user, in its queue (or the one chosen in the dialog for
 * a ticket without a queue). The contact may meanwhile have a newer active ticket on the same
 * connection: then 409 with that ticket, which the web opens or names the holder of.
 */
export async function reopen(step: Step): Promise<TicketRow> {
  const { before, ctx, input } = step;
  const queueId = input.queueId !== undefined ? input.queueId : before.queueId;
  await assertQueueChoice(step.tx, ctx.companyId, queueId);
  const other = await activeTicketOf(step.tx, ctx.companyId, before.contactId, before.connectionId, before.id);
  if (other) throw otherOpenTicket(other);

  const after = await saveTicket(step, { status: attendedStatus(before, input.status), userId: ctx.actor.id, queueId });
  await addTicketLogs(step.tx, after, [{ type: 'reopen', userId: ctx.actor.id, queueId }]);
  await startTracking(step.tx, after, step.now);
  return after;
}
