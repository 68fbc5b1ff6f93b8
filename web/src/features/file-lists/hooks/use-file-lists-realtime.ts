import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { fileListKeys, fileListsCache } from './use-file-lists';

/** company-{id}-file edits the cached pages in place; the pickers' full list is simply refetched. */
export function useFileListsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('file', (e) => {
    if (e.action === 'delete') fileListsCache.remove(qc, e.fileListId);
    else fileListsCache.upsert(qc, e.fileList);
    void qc.invalidateQueries({ queryKey: fileListKeys.choices() });
  });
}
