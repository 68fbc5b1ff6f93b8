import type { TicketStatus, TicketUpdateInput } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type ConnectionRow, connections, type TicketRow, tickets } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { createOutboundMessage } from '../../messages/service';
import { applyMessageVariables, variableSourceFor } from '../../messages/variables';

export type UpdateData = z.output<typeof TicketUpdateInput>;

/** Everything a status change reads: the locked ticket, the request, the company settings, one clock. */
export interface Step {
  tx: HookedTx;
  ctx: RequestContext;
  before: TicketRow;
  input: UpdateData;
  settings: Record<string, string>;
  now: Date;
}

type TicketChanges = Partial<Pick<TicketRow, 'status' | 'userId' | 'queueId' | 'unreadMessages'>>;

/** Fields a PUT may carry along with any transition (the integration toggle, the bot counter). */
function companionFields(input: UpdateData) {
  return {
    ...(input.useIntegration === undefined ? {} : { useIntegration: input.useIntegration }),
    ...(input.integrationId === undefined ? {} : { integrationId: input.integrationId }),
    ...(input.amountUsedBotQueues === undefined ? {} : { amountUsedBotQueues: input.amountUsedBotQueues }),
  };
}

/** Whether the body carries any of the companion fields. */
export const hasCompanionFields = (input: UpdateData) => Object.keys(companionFields(input)).length > 0;

export async function saveTicket(step: Step, changes: TicketChanges): Promise<TicketRow> {
  const [row] = await step.tx
    .update(tickets)
    .set({ ...changes, ...companionFields(step.input), updatedAt: step.now })
    .where(eq(tickets.id, step.before.id))
    .returning();
  return row;
}

export async function connectionOf(step: Step): Promise<ConnectionRow | null> {
  if (step.before.connectionId === null) return null;
  const [row] = await step.tx.select().from(connections).where(eq(connections.id, step.before.connectionId));
  return row ?? null;
}

/**
 * Automatic texts go to a contact, never into a group, unless the connection treats groups as
 * tickets (groupAsTicket), in which case a group is served like a person (spec 1 §4.1).
 */
export const talksToContact = (ticket: TicketRow, connection: ConnectionRow | null) =>
  !ticket.isGroup || connection?.groupAsTicket === 'enabled';

/** The status a ticket given to an agent takes: group for group tickets when asked, else open. */
export function attendedStatus(before: TicketRow, requested: TicketStatus | undefined): 'open' | 'group' {
  if (requested === 'group' || (requested === undefined && before.status === 'group')) return before.isGroup ? 'group' : 'open';
  return 'open';
}

export const enabled = (settings: Record<string, string>, key: string) => settings[key] === 'enabled';

/**
 * Sends an automatic text of a transition (greeting on accept, farewell, rating request, transfer
 * message) through the messages feature, in the transition's transaction: the message row and its
 * send job commit together with the status change. Message variables ({{name}}, …) are filled in.
 * An empty text sends nothing.
 */
export async function sendTicketText(tx: HookedTx, ctx: RequestContext, ticket: TicketRow, text: string | null | undefined) {
  const template = (text ?? '').trim();
  if (!template) return;
  const body = applyMessageVariables(template, await variableSourceFor(tx, ticket, ctx.user.name));
  await createOutboundMessage(tx, ctx, { ticket, body, userId: ctx.actor.id });
}
