import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { popoverCache } from './use-announcements';

/** company-announcement: the popover takes a new or changed announcement at once; an inactive one arrives as a delete. */
export function useAnnouncementsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('announcement', (e) => {
    if (e.action === 'delete') popoverCache.remove(qc, e.id);
    else popoverCache.upsert(qc, e.record);
  });
}
