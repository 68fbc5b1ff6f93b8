import { z } from 'zod';
import { PageQuery } from './fields';
import type { QuickMessageView } from './views/quick-messages';

export const QUICK_MESSAGES_PAGE_SIZE = 20;

/**
 * Who sees and who edits a quick message (spec 3 §5, §6). `geral` shares it with everyone, editing
 * included; `visao` lets everyone see and use it while only the owner edits; with both off it is the
 * owner's alone. The web disables the modal's fields with the same rule the server enforces.
 */
export const canSeeQuickMessage = (userId: number, q: Pick<QuickMessageView, 'userId' | 'geral' | 'visao'>) =>
  q.geral || q.visao || q.userId === userId;
export const canEditQuickMessage = (userId: number, q: Pick<QuickMessageView, 'userId' | 'geral'>) => q.geral || q.userId === userId;

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

const fields = {
  shortcode: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(100, { message: 'validation.tooLong' }),
  message: z.preprocess((v) => v ?? '', z.string().max(10_000, { message: 'validation.tooLong' })),
  geral: flag,
  visao: flag,
};

/** POST /quick-messages. Defaults (spec 3 §4): visible on, shared off. */
export const QuickMessageInput = z.object({
  ...fields,
  message: fields.message.optional().default(''),
  geral: fields.geral.optional().default(false),
  visao: fields.visao.optional().default(true),
  // Sent by existing clients; owner and company come from the session.
  userId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type QuickMessageInput = z.input<typeof QuickMessageInput>;
export type QuickMessageData = z.output<typeof QuickMessageInput>;

export const QuickMessageUpdateInput = z
  .object(fields)
  .partial()
  .extend({ userId: z.unknown().optional(), companyId: z.unknown().optional() });
export type QuickMessageUpdateInput = z.input<typeof QuickMessageUpdateInput>;

export const QuickMessageListQuery = PageQuery;
/** GET /quick-messages/list: userId and companyId are sent by existing clients; the caller decides. */
export const QuickMessagePickerQuery = z.object({ userId: z.unknown().optional(), companyId: z.unknown().optional() });
