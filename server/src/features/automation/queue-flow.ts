import { and, eq } from 'drizzle-orm';
import { type QueueRow, queueIntegrations } from '../../db/schema';
import type { Turn } from './turn';

/**
 * The flow a queue's integration starts: a queue integration of type flowbuilder names its flow by
 * id in `projectName` (the integration dialog's flow chooser). Null when the queue has no such
 * integration, or it names no flow of this company.
 */
export async function flowOfQueue(turn: Turn, queue: QueueRow): Promise<number | null> {
  return queue.integrationId ? flowOfIntegration(turn, queue.integrationId) : null;
}

/** The flow a flowbuilder integration of the ticket's company names; null for any other integration. */
export async function flowOfIntegration(turn: Turn, integrationId: number): Promise<number | null> {
  const [integration] = await turn.tx
    .select({ type: queueIntegrations.type, projectName: queueIntegrations.projectName })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.id, integrationId), eq(queueIntegrations.companyId, turn.ticket.companyId)));
  if (integration?.type !== 'flowbuilder') return null;
  const flowId = Number(integration.projectName);
  return Number.isInteger(flowId) && flowId > 0 ? flowId : null;
}
