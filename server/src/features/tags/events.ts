import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';
import { tagViews } from './queries';

/**
 * Queues company{id}-tag (no hyphen: the contract's companyEventName) for the tags whose row or
 * contact count changed, read inside the transaction so the counts are the committed ones.
 */
export async function announceTags(tx: HookedTx, realtime: Realtime, companyId: number, ids: number[], action: 'create' | 'update') {
  const views = await tagViews(tx, companyId, [...new Set(ids)]);
  tx.afterCommit(() => {
    for (const tag of views) realtime.toCompany(companyId, 'tag', { action, tag });
  });
}

export function announceTagDeleted(tx: HookedTx, realtime: Realtime, companyId: number, tagId: number) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'tag', { action: 'delete', tagId }));
}
