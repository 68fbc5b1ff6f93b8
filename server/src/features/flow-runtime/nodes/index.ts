import type { FlowNodeType } from '@chatflow/contract';
import type { Outcome, StepContext } from '../step-context';
import { runContent } from './content';
import { runTicket } from './handoff';
import { runMenu } from './menu';
import { runCondition, runInterval, runMediaNode, runMessage, runQuestion, runRandomizer, runStart } from './simple';

export type NodeExecutor = (ctx: StepContext) => Promise<Outcome>;

/**
 * The executor of each node type. typebot and openai are conversations: reaching one, the run waits on
 * it and each turn of the bot (its first words, then one per customer message) is a `flow.bot` job that
 * calls the Typebot or the OpenAI-compatible server outside the step's transaction (bots/job.ts), until
 * the bot lets go (bots/settle.ts).
 */
export const nodeExecutors: Record<FlowNodeType, NodeExecutor> = {
  start: runStart,
  message: runMessage,
  interval: runInterval,
  condition: runCondition,
  menu: runMenu,
  img: runMediaNode('img'),
  audio: runMediaNode('audio'),
  video: runMediaNode('video'),
  randomizer: (ctx) => runRandomizer(ctx),
  singleBlock: runContent,
  ticket: runTicket,
  typebot: async () => ({ kind: 'wait', waitingFor: 'typebot' }),
  openai: async () => ({ kind: 'wait', waitingFor: 'openai' }),
  question: runQuestion,
};
