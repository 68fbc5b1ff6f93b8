import type { FileListView } from '@chatflow/contract';
import type { HookedTx } from '../../http/context';
import type { Realtime } from '../../realtime/emit';

/** company-{id}-file after the commit (spec 3 §7). */
export function announceFileList(tx: HookedTx, realtime: Realtime, companyId: number, action: 'create' | 'update', fileList: FileListView) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'file', { action, fileList }));
}

export function announceFileListDeleted(tx: HookedTx, realtime: Realtime, companyId: number, fileListId: number) {
  tx.afterCommit(() => realtime.toCompany(companyId, 'file', { action: 'delete', fileListId }));
}
