export { type FlowHints, flowHintsSql, flowTurn } from './triggers';
export { startQueueFlow } from './triggers';
export { flowStepJob } from './step';
export { flowResumeJob } from './step';
export { flowBotJob } from './bots/job';
export { flowBotRetryJob } from './bots/job';
