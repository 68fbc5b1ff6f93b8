import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { patchUsersQueue, removeUser, upsertUser } from './users-cache';

/** company-{id}-user edits the cached lists in place; nothing is refetched (STYLE: web mirrors server). */
export function useUsersRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('user', (e) => (e.action === 'delete' ? removeUser(qc, e.userId) : upsertUser(qc, e.user)));
  useCompanyEvent('queue', (e) =>
    e.action === 'delete' ? patchUsersQueue(qc, { queueId: e.queueId }) : patchUsersQueue(qc, { queue: e.queue }),
  );
}
