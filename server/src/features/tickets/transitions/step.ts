import type { TicketStatus, TicketUpdateInput } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type ConnectionRow, connections, type TicketRow, tickets } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';

export type UpdateData = z.output<typeof TicketUpdateInput>;

/**
 * Sends an automatic text to a ticket's contact in the caller's transaction: the messages feature's
 * sendTicketText, which the composition root hands to ticketRoutes (tickets sit below messages, so
 * they never import it).
 */
export type SendTicketText = (tx: HookedTx, ctx: RequestContext, ticket: TicketRow, text: string) => Promise<void>;

/** Everything a status change reads: the locked ticket, the request, the company settings, one clock. */
export interface Step {
  tx: HookedTx;
  ctx: RequestContext;
  before: TicketRow;
  input: UpdateData;
  settings: Record<string, string>;
  now: Date;
  /** The automatic texts the transition says, in order; updateTicket sends them (see say). */
  texts: string[];
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
 * An automatic text of the transition (greeting on accept, farewell, rating request, transfer
 * message) for the contact. updateTicket sends it in the transition's transaction, after the
 * ticket's own change, so the message row and its send job commit with the status change and
 * screens hear of the ticket's change before its messages. An empty text sends nothing.
 */
export function say(step: Step, text: string | null | undefined) {
  const trimmed = (text ?? '').trim();
  if (trimmed) step.texts.push(trimmed);
}
