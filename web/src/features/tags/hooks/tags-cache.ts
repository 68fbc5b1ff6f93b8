import type { TagView } from '@chatflow/contract';
import type { QueryClient } from '@tanstack/react-query';
import { contactsCache } from '../../contacts';
import { tagKeys, tagsCache } from './use-tags';

const byName = (a: TagView, b: TagView) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * A saved or changed tag: the tags pages, the pickers' list and the chips on cached contact rows
 * all follow it (a rename or recolour shows everywhere without a refetch).
 */
export function upsertTagEverywhere(qc: QueryClient, tag: TagView) {
  tagsCache.upsert(qc, tag);
  qc.setQueryData<TagView[]>(tagKeys.options(), (list) => list && [...list.filter((x) => x.id !== tag.id), tag].sort(byName));
  contactsCache.patch(qc, (c) =>
    c.tags.some((x) => x.id === tag.id)
      ? { ...c, tags: c.tags.map((x) => (x.id === tag.id ? { id: tag.id, name: tag.name, color: tag.color } : x)) }
      : c,
  );
}

export function removeTagEverywhere(qc: QueryClient, tagId: number) {
  tagsCache.remove(qc, tagId);
  qc.setQueryData<TagView[]>(tagKeys.options(), (list) => list?.filter((x) => x.id !== tagId));
  contactsCache.patch(qc, (c) => (c.tags.some((x) => x.id === tagId) ? { ...c, tags: c.tags.filter((x) => x.id !== tagId) } : c));
}
