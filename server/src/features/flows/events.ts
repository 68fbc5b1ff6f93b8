import type { FlowSummaryView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';

/** company-{id}-flowbuilder after the commit: the flow lists of the company upsert or drop the row. */
export function announceFlow(tx: HookedTx, realtime: Realtime, companyId: number, action: 'create' | 'update', record: FlowSummaryView) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'flowbuilder', { action, record }));
}

export function announceFlowDeleted(tx: HookedTx, realtime: Realtime, companyId: number, id: number) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'flowbuilder', { action: 'delete', id }));
}
