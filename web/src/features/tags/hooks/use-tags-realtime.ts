import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { removeTagEverywhere, upsertTagEverywhere } from './tags-cache';

/** company{id}-tag (no hyphen, as the spec names it) edits the cached lists in place. */
export function useTagsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('tag', (e) => (e.action === 'delete' ? removeTagEverywhere(qc, e.tagId) : upsertTagEverywhere(qc, e.tag)));
}
