import type { FlowDocument, FlowNode } from '@chatflow/contract';
import type { ConnectionRow, FlowRunRow, FlowRunWait, TicketRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { BOT_MESSAGE_MARK, type BotFile, createOutboundMessage, sendBotMessage } from '../messages';
import { fillFlowVariables, questionVariables } from './text';

/** What a node's executor works with, inside the step's transaction (ticket and run locked). */
export interface StepContext {
  tx: HookedTx;
  deps: JobDeps;
  run: FlowRunRow;
  doc: FlowDocument;
  node: FlowNode;
  ticket: TicketRow;
  connection: ConnectionRow;
}

/**
 * Where the run goes after a node:
 * - next: along the edge leaving `handle` (default 'a'), after `delaySeconds` when set;
 * - block: stay on this content node and go on at block `block`, after `delaySeconds`;
 * - wait: wait for the customer's answer (menu or question), or talk with a bot node (typebot, openai:
 *   each customer message is the bot's, answered by a `flow.bot` job, until the bot lets go);
 * - end: the run is over (`reason` is kept on the run).
 */
export type Outcome =
  | { kind: 'next'; handle?: string; delaySeconds?: number }
  | { kind: 'block'; block: number; delaySeconds: number }
  | { kind: 'wait'; waitingFor: FlowRunWait }
  | { kind: 'end'; reason: string };

const outbound = (ctx: StepContext) => ({
  db: ctx.deps.db,
  companyId: ctx.ticket.companyId,
  realtime: ctx.deps.realtime,
  jobs: ctx.deps.jobs,
  config: ctx.deps.config,
});

/**
 * A flow message to the customer, through the normal outbound path (stored, announced to the inbox,
 * sent by its job): run variables first, then the message variables (contact name...). Blank says nothing.
 */
export async function sayText(ctx: StepContext, text: string, extra: { mediaType?: string; dataJson?: unknown } = {}): Promise<void> {
  const body = fillFlowVariables(text, ctx.run.variables, questionVariables(ctx.doc)).trim();
  if (!body) return;
  if (extra.mediaType) {
    await createOutboundMessage(ctx.tx, outbound(ctx), { ticket: ctx.ticket, body, userId: null, ...extra });
    return;
  }
  await sendBotMessage(ctx.tx, outbound(ctx), ctx.ticket, body);
}

/** A file; `voiceNote` asks the provider to deliver an audio as a voice note recorded on the spot (the node's `record`). */
export async function sayFile(ctx: StepContext, file: BotFile & { voiceNote?: boolean }, caption = ''): Promise<void> {
  const { voiceNote, ...stored } = file;
  if (voiceNote) {
    await createOutboundMessage(ctx.tx, outbound(ctx), {
      ticket: ctx.ticket,
      body: caption,
      userId: null,
      ...stored,
      dataJson: { ...BOT_MESSAGE_MARK, voiceNote: true },
    });
    return;
  }
  await sendBotMessage(
    ctx.tx,
    outbound(ctx),
    ctx.ticket,
    fillFlowVariables(caption, ctx.run.variables, questionVariables(ctx.doc)),
    stored,
  );
}

/** A note only agents see (isPrivate): why the flow handed the ticket over. */
export async function noteOnTicket(ctx: StepContext, text: string): Promise<void> {
  await createOutboundMessage(ctx.tx, outbound(ctx), { ticket: ctx.ticket, body: text, userId: null, isPrivate: true });
}
