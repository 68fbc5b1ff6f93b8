import type { ConnectionView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The connections list's cache key (the connections screen reads the same list). */
const CONNECTIONS_KEY = ['connections'] as const;

/**
 * Which queues a connection serves. The chatbot offers a connection's own queues only, so a queue
 * no connection lists is never offered to a customer (spec 2 §2: connection queues).
 */
export function useQueueConnections() {
  const query = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: () => api.get<ConnectionView[]>('/whatsapp', { session: '0' }) });
  const connections = query.data ?? [];
  const linked = new Set(connections.flatMap((c) => c.queues.map((q) => q.id)));
  /** undefined while the list is not read: nothing is claimed about a queue before. */
  const isLinked = (queueId: number) => (query.data ? linked.has(queueId) : undefined);
  return { connections, isLinked };
}

/** Adds the queue to a connection's queues (PUT /whatsapp/{id} with the whole list, as the connection dialog does). */
export function useLinkQueue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ connection, queueId }: { connection: ConnectionView; queueId: number }) =>
      api.put<ConnectionView>(`/whatsapp/${connection.id}`, { queueIds: [...connection.queues.map((q) => q.id), queueId] }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CONNECTIONS_KEY }),
  });
}
