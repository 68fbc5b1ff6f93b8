import type { ContactRow, FlowBotSession, FlowRunRow, MessageRow, TicketRow } from '../../../db/schema';
import type { JobDeps } from '../../../jobs/define';
import type { FlowNode } from '@chatflow/contract';
import type { BotOutcome } from '../../integrations';

/** What a bot node (typebot, openai) gets to answer one customer message; read before any transaction. */
export interface FlowBotTurn {
  deps: JobDeps;
  run: FlowRunRow;
  node: FlowNode;
  ticket: TicketRow;
  contact: ContactRow;
  /** The customer's message to answer; null when the run just reached the node (the bot speaks first). */
  message: MessageRow | null;
}

export interface FlowBotAnswer {
  outcome: BotOutcome;
  /** The Typebot session to keep on the run (undefined: leave it as it is). */
  session?: FlowBotSession | null;
  /** Milliseconds between the replies (Typebot's delay); without it the texts leave as one message. */
  delayMs?: number;
}

/** A number field of a node's data, `fallback` when blank or not a number (the dialog stores strings too). */
export function numberField(value: unknown, fallback: number): number {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}
