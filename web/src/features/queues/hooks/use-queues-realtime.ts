import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { removeQueue, upsertQueue } from './use-queues';

/** company-{id}-queue edits the cached list in place. */
export function useQueuesRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('queue', (e) => (e.action === 'delete' ? removeQueue(qc, e.queueId) : upsertQueue(qc, e.queue)));
}
