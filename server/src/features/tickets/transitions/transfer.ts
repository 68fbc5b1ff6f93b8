import type { TicketRow } from '../../../db/schema';
import { addTicketLogs, trackQueued, trackStarted } from '../history';
import { assertCompanyUser, assertQueueChoice } from '../rules';
import { attendedStatus, enabled, type Step, saveTicket, say } from './step';

/**
 * To another queue, and to a chosen agent (open, or group for group tickets) or to nobody
 * (pending, waiting in the new queue). The queue is required. With sendMsgTransfTicket on, the
 * modal's message (or the transferMessage setting when none was typed) goes to the contact.
 */
export async function transfer(step: Step): Promise<TicketRow> {
  const { before, ctx, input } = step;
  const queueId = input.queueId !== undefined ? input.queueId : before.queueId;
  await assertQueueChoice(step.tx, ctx.companyId, queueId);
  const userId = input.userId ?? null;
  if (userId !== null) await assertCompanyUser(step.tx, ctx.companyId, userId);

  const after = await saveTicket(step, { status: userId ? attendedStatus(before, input.status) : 'pending', userId, queueId });
  await addTicketLogs(step.tx, after, [
    { type: 'transfered', userId: ctx.actor.id, queueId },
    ...(userId ? [{ type: 'receivedTransfer' as const, userId, queueId }] : []),
  ]);
  if (userId) await trackStarted(step.tx, before, after, step.now);
  else await trackQueued(step.tx, before, after, step.now);

  if (enabled(step.settings, 'sendMsgTransfTicket')) {
    say(step, input.msgTransfer?.trim() || step.settings.transferMessage);
  }
  return after;
}
