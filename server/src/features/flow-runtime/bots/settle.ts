import { eq } from 'drizzle-orm';
import { type FlowBotSession, flowRuns } from '../../../db/schema';
import { BotAddressRefused, BotRefused, BotUnavailable, HANDOFF_TEXT, type StoredReply, sendReplies } from '../../integrations';
import { addTicketLogs } from '../../tickets';
import { nextNodeId } from '../document';
import { handToQueue } from '../nodes/handoff';
import { applyOutcome, moveRun } from '../step';
import { noteOnTicket, type StepContext, sayText } from '../step-context';
import { asText } from '../text';
import { openAiNodeQueue } from './openai';
import type { FlowBotAnswer } from './turn';

const LABELS = { typebot: 'TypeBot', openai: 'OpenAI' } as const;
const labelOf = (ctx: StepContext) => LABELS[ctx.node.type as keyof typeof LABELS] ?? ctx.node.type;

/** The queue a bot node hands its customer to: the OpenAI node's queueId; the ticket's own queue otherwise. */
const handoffQueue = (ctx: StepContext) => (ctx.node.type === 'openai' ? openAiNodeQueue(ctx.node.data) : null);

/** Seconds until a node's replies have all left (the first now, each next one `delayMs` later), so what follows comes after them. */
export function afterReplies(count: number, delayMs: number | undefined): number {
  if (!delayMs || count < 2) return 0;
  return Math.ceil(((count - 1) * delayMs) / 1000) + 1;
}

async function saveSession(ctx: StepContext, session: FlowBotSession | null) {
  await ctx.tx.update(flowRuns).set({ botSession: session }).where(eq(flowRuns.id, ctx.run.id));
}

/**
 * The bot lets go and a human takes over: the customer is told (when the bot said nothing itself), the
 * ticket's timeline says why, the ticket waits in the node's queue for an agent, and the run ends.
 */
async function handOver(
  ctx: StepContext,
  how: { tellCustomer: boolean; log: 'integrationHandoff' | 'integrationFailed'; reason: string; note?: string },
) {
  if (how.note) await noteOnTicket(ctx, how.note);
  if (how.tellCustomer) await sayText(ctx, HANDOFF_TEXT);
  await handToQueue(ctx, handoffQueue(ctx));
  await addTicketLogs(ctx.tx, ctx.ticket, [{ type: how.log, userId: null, queueId: ctx.ticket.queueId }]);
  await saveSession(ctx, null);
  await applyOutcome(ctx.tx, ctx.deps, ctx.run, ctx.doc, { kind: 'end', reason: how.reason });
}

/**
 * A bot's answer, written with the ticket and the run locked. While the conversation goes on, the
 * replies are sent and the run keeps waiting for the customer (the Typebot session kept on it). When
 * the bot lets go: a Typebot chat that ended (its flow finished, or the finish keyword) leaves the node
 * along its edge, after the last reply; an assistant's handoff (the customer asked for a human, or the
 * model said so) gives the ticket to a human in the node's queue. A node with nowhere to go hands over too.
 */
export async function settleAnswer(ctx: StepContext, answer: FlowBotAnswer, replies: StoredReply[]): Promise<void> {
  const { tx, deps, ticket, node } = ctx;
  await sendReplies(tx, deps, ticket, replies, answer.delayMs);
  if (!answer.outcome.handoff) {
    // The run stays waiting for the customer; the move (version + 1) marks this turn answered, so a
    // second delivery of it writes nothing.
    await moveRun(tx, deps, ctx.run, answer.session === undefined ? {} : { botSession: answer.session });
    return;
  }
  if (node.type === 'typebot' && nextNodeId(ctx.doc, node.id, 'a')) {
    await saveSession(ctx, null);
    await applyOutcome(tx, deps, ctx.run, ctx.doc, { kind: 'next', delaySeconds: afterReplies(replies.length, answer.delayMs) });
    return;
  }
  await handOver(ctx, { tellCustomer: replies.length === 0, log: 'integrationHandoff', reason: `${node.type}-handoff` });
}

/** Why a bot failed, for the agents' note (the technical detail stays in the server log). */
function failureText(err: unknown): string {
  if (err instanceof BotRefused && (err.status === 401 || err.status === 403))
    return 'a chave de API foi recusada (inválida ou sem acesso)';
  if (err instanceof BotAddressRefused)
    return 'o endereço do serviço não é público e o administrador do servidor não o liberou (OUTBOUND_ALLOWED_HOSTS)';
  if (err instanceof BotRefused && err.message.includes('no API key')) return 'o bloco não tem chave de API';
  if (err instanceof BotRefused && err.message.includes('no address or slug')) return 'o bloco não tem a URL ou o nome (slug) do Typebot';
  if (err instanceof BotUnavailable) return `o serviço não respondeu após várias tentativas (${err.message})`;
  if (err instanceof BotRefused) return `o serviço recusou a chamada (${err.message})`;
  return 'erro inesperado';
}

/** The node as the agents' note names it: its label and, when it has one, its name. */
function blockName(ctx: StepContext): string {
  const name = asText(ctx.node.data.name).trim();
  return name ? `${labelOf(ctx)} "${name}"` : labelOf(ctx);
}

/** A bot that refused, or failed on its last try: a note for the agents, a message for the customer, a human takes over. */
export async function botFailed(ctx: StepContext, err: unknown): Promise<void> {
  const block = blockName(ctx);
  await handOver(ctx, {
    tellCustomer: true,
    log: 'integrationFailed',
    reason: `${ctx.node.type}-failed`,
    note: `Fluxo: o bloco ${block} falhou: ${failureText(err)}. O atendimento foi passado para um atendente.`,
  });
}

/** A bot node the company's plan does not include (useOpenAi, useIntegrations): never called; a human takes over as on a failure. */
export async function botOutOfPlan(ctx: StepContext): Promise<void> {
  await handOver(ctx, {
    tellCustomer: true,
    log: 'integrationHandoff',
    reason: `${ctx.node.type}-plan`,
    note: `Fluxo: o bloco ${blockName(ctx)} não faz parte do plano da empresa. O atendimento foi passado para um atendente.`,
  });
}
