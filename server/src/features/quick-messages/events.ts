import type { QuickMessageRow } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { type Realtime, rooms } from '../../realtime/emit';
import { presentQuickMessage } from './presenter';

const seenByAll = (q: Pick<QuickMessageRow, 'geral' | 'visao'>) => q.geral || q.visao;

/**
 * company-{id}-quickemessage after the commit. A message others may see goes to the company; a
 * private one only to its owner's sockets, so its text never reaches anyone else. When an edit makes
 * a message private, the others get a delete for it first.
 */
export function announceQuickMessage(
  tx: HookedTx,
  realtime: Realtime,
  row: QuickMessageRow,
  action: 'create' | 'update',
  before?: QuickMessageRow,
) {
  const record = presentQuickMessage(row);
  tx.afterCommit(() => {
    if (seenByAll(row)) return realtime.toCompany(row.companyId, 'quickemessage', { action, record });
    if (before && seenByAll(before)) realtime.toCompany(row.companyId, 'quickemessage', { action: 'delete', id: row.id });
    if (row.userId) realtime.toRoom(row.companyId, rooms.user(row.userId), 'quickemessage', { action, record });
  });
}

export function announceQuickMessageDeleted(tx: HookedTx, realtime: Realtime, row: QuickMessageRow) {
  tx.afterCommit(() => {
    if (seenByAll(row)) realtime.toCompany(row.companyId, 'quickemessage', { action: 'delete', id: row.id });
    else if (row.userId) realtime.toRoom(row.companyId, rooms.user(row.userId), 'quickemessage', { action: 'delete', id: row.id });
  });
}
