import { eq } from 'drizzle-orm';
import { companies, plans } from '../../db/schema';
import { integrationOf, startIntegrationTurn } from '../integrations';
import { promptForQueue, promptOf, startAssistantTurn } from '../prompts';
import { leaveBot } from './leave-bot';
import { moveTicket, type Turn } from './turn';

/** Where a bot may come from: a connection (its integration or prompt) or a queue (its integration, or the prompt naming it). */
export interface BotSource {
  integrationId: number | null;
  promptId: number | null;
  queueId: number | null;
}

async function planSwitches(turn: Turn) {
  const [row] = await turn.tx
    .select({ useIntegrations: plans.useIntegrations, useOpenAi: plans.useOpenAi })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, turn.ticket.companyId));
  return row ?? { useIntegrations: false, useOpenAi: false };
}

/**
 * The chatbot hands the ticket to a queue integration or an AI assistant (tickets.useIntegration),
 * when the source has one the company's plan allows (useIntegrations, useOpenAi); the bot answers the
 * message being handled and every next one until it hands over (features/integrations). False when
 * there is no bot to hand to.
 */
export async function handToBot(turn: Turn, source: BotSource): Promise<boolean> {
  const companyId = turn.ticket.companyId;
  if (source.integrationId === null && source.promptId === null && source.queueId === null) return false;
  const plan = await planSwitches(turn);
  const integration =
    plan.useIntegrations && source.integrationId !== null ? await integrationOf(turn.tx, companyId, source.integrationId) : null;
  const prompt =
    integration || !plan.useOpenAi
      ? null
      : source.promptId !== null
        ? await promptOf(turn.tx, companyId, source.promptId)
        : source.queueId !== null
          ? await promptForQueue(turn.tx, companyId, source.queueId)
          : null;
  if (!integration && !prompt) return false;
  await leaveBot(turn);
  moveTicket(turn, { useIntegration: true, isBot: true, integrationId: integration?.id ?? null, promptId: prompt?.id ?? null });
  await passToBot(turn, turn.currentMessageId);
  return true;
}

/** A ticket a bot serves, waiting with no agent: the customer's messages go to that bot. */
export const servedByBot = (turn: Turn) => turn.ticket.useIntegration && turn.ticket.status === 'pending' && turn.ticket.userId === null;

export async function passToBot(turn: Turn, messageId: number): Promise<void> {
  if (messageId <= 0) return;
  const { jobs } = turn.deps;
  if (turn.ticket.promptId !== null) await startAssistantTurn(jobs, turn.tx, turn.ticket.id, messageId);
  else if (turn.ticket.integrationId !== null) await startIntegrationTurn(jobs, turn.tx, turn.ticket.id, messageId);
}
