import { randomTagColor, type TagView } from '@chatflow/contract';

/** What the tag modal edits; tags made on this page are plain tags, not kanban lanes. */
export interface TagFormValues {
  name: string;
  color: string;
}

export interface TagPayload extends TagFormValues {
  kanban: number;
}

/** A new tag starts with a random colour (spec 3 §5). */
export const newTagValues = (): TagFormValues => ({ name: '', color: randomTagColor() });

export const toFormValues = (tag: TagView): TagFormValues => ({ name: tag.name, color: tag.color });

export const toPayload = (values: TagFormValues, tag: TagView | null): TagPayload => ({ ...values, kanban: tag?.kanban ?? 0 });
