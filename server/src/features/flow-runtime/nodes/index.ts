import type { FlowNodeType } from '@chatflow/contract';
import type { Outcome, StepContext } from '../step-context';
import { runContent } from './content';
import { runNotWired, runTicket } from './handoff';
import { runMenu } from './menu';
import { runCondition, runInterval, runMediaNode, runMessage, runQuestion, runRandomizer, runStart } from './simple';

export type NodeExecutor = (ctx: StepContext) => Promise<Outcome>;

/**
 * The executor of each node type. typebot and openai hand the ticket to a human until their clients
 * are wired (handoff.ts): replacing those two entries is all the wiring needs.
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
  typebot: runNotWired('TypeBot'),
  openai: runNotWired('OpenAI'),
  question: runQuestion,
};
