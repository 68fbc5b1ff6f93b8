import type { QueueIntegrationRow, TicketRow } from '../../../db/schema';
import type { JobDeps } from '../../../jobs/define';

/**
 * Type `flowbuilder`: the conversation is the flow runtime's, not this feature's. The flow runtime
 * registers its starter here (from the composition root); an integration of this type then hands each
 * customer message to it. Until one is registered, the customer is handed to the queue.
 */
export interface FlowbuilderStart {
  integration: QueueIntegrationRow;
  ticket: TicketRow;
  messageId: number;
}
export type FlowbuilderStarter = (deps: JobDeps, start: FlowbuilderStart) => Promise<void>;

let starter: FlowbuilderStarter | null = null;

export function setFlowbuilderStarter(fn: FlowbuilderStarter | null): void {
  starter = fn;
}

export const flowbuilderStarter = (): FlowbuilderStarter | null => starter;
