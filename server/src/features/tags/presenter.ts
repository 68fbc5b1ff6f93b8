import type { TagView } from '@chatflow/contract';
import type { TagRow } from '../../db/schema';

/** Whitelist of what leaves the server about a tag. */
export const presentTag = (t: Pick<TagRow, 'id' | 'name' | 'color' | 'kanban'>, contactsCount: number): TagView => ({
  id: t.id,
  name: t.name,
  color: t.color,
  kanban: t.kanban,
  contactsCount,
});
