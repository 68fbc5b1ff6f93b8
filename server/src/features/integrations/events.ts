import type { QueueIntegrationView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';

/** company-{id}-queueIntegration after the commit (spec 3 §7). */
export function announceIntegration(
  tx: HookedTx,
  realtime: Realtime,
  companyId: number,
  action: 'create' | 'update',
  queueIntegration: QueueIntegrationView,
) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'queueIntegration', { action, queueIntegration }));
}

export function announceIntegrationDeleted(tx: HookedTx, realtime: Realtime, companyId: number, integrationId: number) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'queueIntegration', { action: 'delete', integrationId }));
}
