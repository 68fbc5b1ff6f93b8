import { tickets, type TicketRow } from '../../../db/schema';
import { emitTicketChange } from '../events';
import { addTicketLogs, startTracking, trackFinished, trackQueued, trackStarted } from '../history';
import { assertCompanyUser, assertQueueChoice } from '../rules';
import { attendedStatus, enabled, type Step, saveTicket, say } from './step';

/**
 * To another queue, and to a chosen agent (open, or group for group tickets) or to nobody
 * (pending, waiting in the new queue). The queue is required. With sendMsgTransfTicket on, the
 * modal's message (or the transferMessage setting when none was typed) goes to the contact.
 * With closeTicketOnTransfer on, a move to another queue closes this ticket and the contact goes on
 * in a new ticket of that queue (see closeAndReopenElsewhere).
 */
export async function transfer(step: Step): Promise<TicketRow> {
  const { before, ctx, input } = step;
  const queueId = input.queueId !== undefined ? input.queueId : before.queueId;
  await assertQueueChoice(step.tx, ctx.companyId, queueId);
  const userId = input.userId ?? null;
  if (userId !== null) await assertCompanyUser(step.tx, ctx.companyId, userId);
  const status = userId ? attendedStatus(before, input.status) : 'pending';

  const after =
    enabled(step.settings, 'closeTicketOnTransfer') && queueId !== before.queueId
      ? await closeAndReopenElsewhere(step, { status, userId, queueId })
      : await saveTicket(step, { status, userId, queueId });
  await addTicketLogs(step.tx, after, [
    { type: 'transfered', userId: ctx.actor.id, queueId },
    ...(userId ? [{ type: 'receivedTransfer' as const, userId, queueId }] : []),
  ]);
  if (after.id !== before.id) await startTracking(step.tx, after, step.now);
  else if (userId) await trackStarted(step.tx, before, after, step.now);
  else await trackQueued(step.tx, before, after, step.now);

  if (enabled(step.settings, 'sendMsgTransfTicket')) {
    say(step, input.msgTransfer?.trim() || step.settings.transferMessage);
  }
  return after;
}

/**
 * closeTicketOnTransfer: each queue keeps its own ticket of the conversation. This one is closed
 * (logged and its attendance finished, no farewell and no rating: the customer is not leaving) and
 * a new ticket of the same contact and connection starts in the new queue, for the chosen agent or
 * waiting there. The transfer's log entries and message belong to the new ticket, which the caller
 * gets back; the old one's close is announced here (updateTicket announces the new one as created).
 */
async function closeAndReopenElsewhere(
  step: Step,
  next: { status: TicketRow['status']; userId: number | null; queueId: number | null },
): Promise<TicketRow> {
  const { before, ctx, tx } = step;
  const closed = await saveTicket(step, { status: 'closed' });
  await addTicketLogs(tx, closed, [{ type: 'closed', userId: ctx.actor.id, queueId: closed.queueId }]);
  await trackFinished(tx, before, closed, step.now, false);
  emitTicketChange(tx, ctx, before, closed);
  const [created] = await tx
    .insert(tickets)
    .values({
      companyId: before.companyId,
      contactId: before.contactId,
      connectionId: before.connectionId,
      channel: before.channel,
      isGroup: before.isGroup,
      ...next,
      createdAt: step.now,
      updatedAt: step.now,
    })
    .returning();
  await addTicketLogs(tx, created, [{ type: 'create', userId: ctx.actor.id, queueId: created.queueId }]);
  return created;
}
