import type { QueueRow } from '../../db/schema';
import type { Turn } from './turn';

/**
 * The flow a queue's integration starts (a queue integration of type flowbuilder), or null. The
 * queue_integrations table belongs to the queue-integrations feature, built in parallel and not on
 * this branch: until it is merged no queue has an integration, so this answers null. At the merge it
 * reads the queue's integration (queue.integrationId) and answers its flow id when its type is flowbuilder.
 */
export async function flowOfQueue(_turn: Turn, _queue: QueueRow): Promise<number | null> {
  return null;
}
