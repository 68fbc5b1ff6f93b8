import { and, eq, inArray, sql } from 'drizzle-orm';
import { type ConnectionRow, flowRuns, type MessageRow, type TicketRow, tickets } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { matchPhraseCampaign } from '../flow-campaigns';
import { takeAnswer } from './answer';
import { startFlowRun } from './start';
import { endRun, flowMayServe } from './step';

export interface FlowTurnInput {
  ticket: TicketRow;
  connection: ConnectionRow;
  message: MessageRow;
  /** The ticket's first customer message (the automation engine's first turn). */
  firstMessage: boolean;
  /**
   * What the caller read with the locked ticket (flowHintsSql), so the common message (no flow ever
   * ran on the ticket, the company has no phrase campaign) costs no statement here.
   */
  hints?: FlowHints;
}

/** Whether the ticket ever had a flow run, and whether its company has an active phrase campaign. */
export interface FlowHints {
  hasRuns: boolean;
  hasPhraseCampaigns: boolean;
}

/** The FlowHints of a ticket, as columns of the caller's select over `tickets`. */
export const flowHintsSql = {
  hasRuns: sql<boolean>`exists(select 1 from flow_runs fr where fr.company_id = ${tickets.companyId} and fr.ticket_id = ${tickets.id})`,
  hasPhraseCampaigns: sql<boolean>`exists(select 1 from flow_campaigns fc where fc.company_id = ${tickets.companyId} and fc.status)`,
};

/**
 * The flows' part of a customer message, called by the automation turn before the chatbot (the ticket
 * is locked by the caller). Precedence, first that applies:
 * 1. a live run on the ticket owns the conversation: a waiting run takes the message as its answer, a
 *    running one (sending, or in an interval) lets it be;
 * 2. an active phrase campaign matching the message (its connection or any) starts its flow;
 * 3. on the ticket's first message, the connection's welcome flow (flowIdWelcome);
 * 4. the connection's not-phrase flow (flowIdNotPhrase), on a ticket no flow has run on yet;
 * 5. a ticket a flow already ran on stays with the flows: the chatbot menus do not start on it.
 * Returns true when the flows took the message (the chatbot then stays quiet). Flows speak only while
 * the ticket waits for an agent and none has taken it; after that the message is the agent's.
 */
export async function flowTurn(tx: HookedTx, deps: JobDeps, input: FlowTurnInput): Promise<boolean> {
  const { ticket, connection, message, hints } = input;
  const hasRuns = hints?.hasRuns ?? true;
  const [live] = hasRuns
    ? await tx
        .select()
        .from(flowRuns)
        .where(and(eq(flowRuns.ticketId, ticket.id), inArray(flowRuns.status, ['running', 'waiting'])))
        .for('update')
    : [];
  if (!flowMayServe(ticket)) {
    if (live) await endRun(tx, deps, live, ticket.status === 'closed' ? 'closed' : 'human');
    return false;
  }
  if (live) {
    if (live.status === 'waiting') await takeAnswer(tx, deps, live, ticket, connection, message);
    return true;
  }
  const phrase = (hints?.hasPhraseCampaigns ?? true) ? await matchPhraseCampaign(tx, ticket.companyId, connection.id, message.body) : null;
  if (phrase && (await startFlowRun(tx, deps, ticket, phrase.flowId, 'phrase'))) return true;
  if (input.firstMessage && connection.flowIdWelcome && (await startFlowRun(tx, deps, ticket, connection.flowIdWelcome, 'welcome')))
    return true;
  const [earlier] = hasRuns ? await tx.select({ id: flowRuns.id }).from(flowRuns).where(eq(flowRuns.ticketId, ticket.id)).limit(1) : [];
  if (earlier) return true;
  if (connection.flowIdNotPhrase && (await startFlowRun(tx, deps, ticket, connection.flowIdNotPhrase, 'notPhrase'))) return true;
  return false;
}

/** A queue whose integration is a flowbuilder integration starts its flow when the ticket enters it. */
export async function startQueueFlow(tx: HookedTx, deps: JobDeps, ticket: TicketRow, flowId: number | null): Promise<boolean> {
  if (flowId === null || !flowMayServe(ticket)) return false;
  const [live] = await tx
    .select({ id: flowRuns.id })
    .from(flowRuns)
    .where(and(eq(flowRuns.ticketId, ticket.id), inArray(flowRuns.status, ['running', 'waiting'])));
  if (live) return false;
  return startFlowRun(tx, deps, ticket, flowId, 'queue');
}
