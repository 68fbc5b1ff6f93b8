import type { FlowCampaignView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import { type Realtime, rooms } from '../../realtime/emit';

/** company-{id}-flowcampaign after the commit, to the admins (the only ones who see phrase campaigns). */
export function announceFlowCampaign(
  tx: HookedTx,
  realtime: Realtime,
  companyId: number,
  action: 'create' | 'update',
  record: FlowCampaignView,
) {
  tx.afterCommit(() => realtime.toRoom(companyId, rooms.admins, 'flowcampaign', { action, record }));
}

export function announceFlowCampaignDeleted(tx: HookedTx, realtime: Realtime, companyId: number, id: number) {
  tx.afterCommit(() => realtime.toRoom(companyId, rooms.admins, 'flowcampaign', { action: 'delete', id }));
}
