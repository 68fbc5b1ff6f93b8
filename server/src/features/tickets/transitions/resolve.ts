import { canClosePendingTicket } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { type TicketRow, users } from '../../../db/schema';
import { AppError, forbidden } from '../../../http/errors';
import { addTicketLogs, trackFinished } from '../history';
import { ticketHasTag } from '../rules';
import { connectionOf, enabled, type Step, saveTicket, say, talksToContact } from './step';

async function farewellOf(step: Step, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const [row] = await step.tx.select({ farewell: users.farewellMessage }).from(users).where(eq(users.id, userId));
  return row?.farewell?.trim() ?? '';
}

/**
 * open or group → closed. With requiredTag on, a ticket without a tag cannot be closed. Unless
 * asked not to (sendFarewellMessage false), the agent's farewellMessage, else the connection's
 * complationMessage, goes to the contact. "Resolve and send rating" (ratingId given) with userRating
 * on: the connection's ratingMessage follows and the attendance is marked as waiting for a rating
 * (the automation reads the customer's answer against it). The other two ways ask for no rating.
 */
export async function resolve(step: Step): Promise<TicketRow> {
  const { before, ctx, input } = step;
  if (enabled(step.settings, 'requiredTag') && !(await ticketHasTag(step.tx, before.id))) {
    throw new AppError('ERR_TICKET_REQUIRES_TAG', 400);
  }
  const after = await saveTicket(step, { status: 'closed', userId: before.userId ?? ctx.actor.id });
  await addTicketLogs(step.tx, after, [{ type: 'closed', userId: ctx.actor.id, queueId: after.queueId }]);

  const connection = await connectionOf(step);
  const reachable = talksToContact(before, connection);
  if (reachable && input.sendFarewellMessage !== false) {
    say(step, (await farewellOf(step, after.userId)) || connection?.complationMessage);
  }
  const askRating = reachable && input.ratingId !== undefined && enabled(step.settings, 'userRating') && !!connection?.ratingMessage.trim();
  if (askRating) say(step, connection?.ratingMessage);
  await trackFinished(step.tx, before, after, step.now, askRating);
  return after;
}

/**
 * pending → closed without attending it (ignore): userClosePendingTicket enabled or admin. No tag
 * is required: an ignored ticket was never worked. Only with sendFarewellWaitingTicket on does the
 * contact get the connection's complationMessage.
 */
export async function ignore(step: Step): Promise<TicketRow> {
  if (!canClosePendingTicket(step.ctx.actor)) throw forbidden();
  const after = await saveTicket(step, { status: 'closed', userId: step.ctx.actor.id });
  await addTicketLogs(step.tx, after, [{ type: 'closed', userId: step.ctx.actor.id, queueId: after.queueId }]);
  if (enabled(step.settings, 'sendFarewellWaitingTicket')) {
    const connection = await connectionOf(step);
    if (talksToContact(step.before, connection)) say(step, connection?.complationMessage);
  }
  await trackFinished(step.tx, step.before, after, step.now, false);
  return after;
}
