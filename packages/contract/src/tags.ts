import { z } from 'zod';
import { PageQuery, coercedId, fromText } from './fields';
import { LaneFields } from './kanban';

export const TAGS_PAGE_SIZE = 20;
export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 100;

/** New tags get a random hex colour (spec 1 §3). */
export function randomTagColor(random: () => number = Math.random): string {
  return `#${Math.floor(random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
}

/**
 * A tag name with the "too short" message of the screen that asks for it. The spec gives two for the
 * same bound (ARCHITECTURE "Decisions": each screen keeps its own): the tags page says "Mensagem muito
 * curta" (spec 3 §5), the contact's tag box says "Tag muito curta!" (spec 1 §5).
 */
const tagName = (tooShort: 'validation.messageTooShort' | 'validation.tagTooShort') =>
  z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(TAG_NAME_MIN, { message: tooShort, abort: true })
    .max(TAG_NAME_MAX, { message: 'validation.tooLong' });

const kanbanFlag = z.preprocess(
  (v) => (typeof v === 'boolean' ? Number(v) : v),
  fromText(
    z
      .number({ message: 'validation.invalid' })
      .int()
      .refine((n) => n === 0 || n === 1, { message: 'validation.invalid' }),
  ),
);

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{3,8}$/, { message: 'validation.color' });

/** POST /tags (tags page modal). A tag without a colour gets a random one. */
export const TagInput = z.object({
  name: tagName('validation.messageTooShort'),
  color: z.preprocess((v) => (v === '' || v === null ? undefined : v), color.optional()),
  kanban: kanbanFlag.optional().default(0),
  // Sent by existing clients; the owner is the caller.
  userId: z.unknown().optional(),
  // A kanban lane's timed move and greeting (spec 3 §3); kept as given on a plain tag, where nothing reads them.
  timeLane: LaneFields.shape.timeLane.optional().default(0),
  nextLaneId: LaneFields.shape.nextLaneId.optional().default(null),
  rollbackLaneId: LaneFields.shape.rollbackLaneId.optional().default(null),
  greetingMessageLane: LaneFields.shape.greetingMessageLane.optional().default(''),
});
export type TagInput = z.input<typeof TagInput>;
export type TagData = z.output<typeof TagInput>;

export const TagUpdateInput = z
  .object({ name: tagName('validation.messageTooShort'), color, kanban: kanbanFlag, ...LaneFields.shape })
  .partial()
  .extend({ userId: z.unknown().optional() });
export type TagUpdateInput = z.input<typeof TagUpdateInput>;

/** GET /tags: the tags page lists kanban=0; omitting kanban lists every tag. */
export const TagListQuery = PageQuery.extend({
  kanban: kanbanFlag.optional(),
  tagId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type TagListQuery = z.input<typeof TagListQuery>;

export const TagPickerQuery = z.object({ kanban: kanbanFlag.optional(), companyId: z.unknown().optional() });

const boxTagName = tagName('validation.tagTooShort');

/** One tag of the box: an existing tag by id, or a new (or same-named) one by name. */
const SyncTag = z
  .object({
    id: z.preprocess((v) => (v === null || v === '' ? undefined : v), coercedId('validation.invalid').optional()),
    name: z.unknown().optional(),
  })
  .transform((t, ctx): { id: number } | { name: string } => {
    if (t.id !== undefined) return { id: t.id };
    const name = boxTagName.safeParse(t.name ?? '');
    if (name.success) return { name: name.data };
    ctx.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]?.message ?? 'validation.invalid' });
    return z.NEVER;
  });

/** The contact's tag box (spec 1 §7 POST /tags/sync): sets the contact's tags to exactly these. */
export const TagSyncInput = z.object({
  contactId: coercedId('validation.invalid', 'validation.required'),
  tags: z.array(SyncTag).max(100, { message: 'validation.tooLong' }),
});
export type TagSyncInput = z.input<typeof TagSyncInput>;

export const TagContactParams = z.object({
  tagId: coercedId(),
  contactId: coercedId(),
});
