import { z } from 'zod';
import { ChatbotTree, chatbotTreeRule } from './chatbots';
import { boundedString, coercedId, fromText } from './fields';

/** Rotation time options in minutes; 0 means not set (spec 2 §5). */
export const QUEUE_ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

/** 'HH:mm', or empty for a shift that is not worked. */
const shiftTime = () =>
  z
    .union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.time' })])
    .optional()
    .default('');

export const QueueScheduleItem = z.object({
  weekday: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(20, { message: 'validation.tooLong' }),
  weekdayEn: z.string().max(20, { message: 'validation.tooLong' }).optional(),
  startTimeA: shiftTime(),
  endTimeA: shiftTime(),
  startTimeB: shiftTime(),
  endTimeB: shiftTime(),
});
export type QueueScheduleItem = z.infer<typeof QueueScheduleItem>;

/** The schedules editor's starting point (spec 2 §9): two shifts, 08:00-12:00 and 13:00-18:00. */
export const QUEUE_DEFAULT_SCHEDULES: QueueScheduleItem[] = [
  ['Segunda-feira', 'monday'],
  ['Terça-feira', 'tuesday'],
  ['Quarta-feira', 'wednesday'],
  ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'],
  ['Sábado', 'saturday'],
  ['Domingo', 'sunday'],
].map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }));

/**
 * Schedules "exist" (spec 2 §5: outOfHoursMessage is required then) when at least one day has a
 * shift; a list of days with every time empty means the queue has no service hours.
 */
export const hasServiceHours = (schedules: readonly Partial<QueueScheduleItem>[] | undefined | null) =>
  (schedules ?? []).some((s) => Boolean(s.startTimeA || s.startTimeB));

/** Forms send '' for "none"; the API stores null. */
const optionalId = () => z.preprocess((v) => (v === '' ? null : v), coercedId('validation.number').nullable()).optional();

/** The queue data tab's fields as validated, without defaults: an update leaves unsent fields alone. */
const queueFields = {
  name: boundedString(2, 50),
  // `abort` so a field shows its first mistake only ('' is "required", not also "too short").
  color: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(3, { message: 'validation.tooShort', abort: true })
    .max(9, { message: 'validation.tooLong', abort: true })
    .regex(/^#[0-9a-fA-F]{3,8}$/, { message: 'validation.color' }),
  orderQueue: z.preprocess(
    (v) => (v === '' ? null : v),
    fromText(
      z
        .number({ message: 'validation.number' })
        .int({ message: 'validation.number' })
        .min(0, { message: 'validation.number' })
        .max(10000)
        .nullable(),
    ),
  ),
  greetingMessage: z.string().max(5000, { message: 'validation.tooLong' }),
  outOfHoursMessage: z.string().max(5000, { message: 'validation.tooLong' }),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: fromText(
    z
      .number({ message: 'validation.number' })
      .int()
      .refine((n) => (QUEUE_ROTATION_MINUTES as readonly number[]).includes(n), {
        message: 'validation.invalid',
      }),
  ),
  integrationId: optionalId(),
  fileListId: optionalId(),
  /**
   * The queue's token (spec 2 §3 Queue "token"). The spec does not say what reads it, so it is kept as
   * a credential: write-only (the view says only `hasToken`); '' clears it.
   */
  token: z.string().trim().max(255, { message: 'validation.tooLong' }).regex(/^\S*$/, { message: 'validation.invalid' }),
  schedules: z.array(QueueScheduleItem).max(7, { message: 'validation.invalid' }),
  /** The chatbot tree's root options (spec 2 §7): when sent, the stored tree becomes this one. */
  chatbots: ChatbotTree,
};

const outOfHoursRule = (
  q: { schedules?: Partial<QueueScheduleItem>[]; outOfHoursMessage?: string; chatbots?: z.output<typeof ChatbotTree> },
  ctx: z.RefinementCtx,
) => {
  chatbotTreeRule(q.chatbots, ctx, 'chatbots');
  if (q.schedules !== undefined && hasServiceHours(q.schedules) && !q.outOfHoursMessage?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['outOfHoursMessage'], message: 'validation.required' });
  }
};

/** Queue modal (spec 2 §5 Queue): data, chatbot options and schedules in one save. */
export const QueueInput = z
  .object({
    ...queueFields,
    orderQueue: queueFields.orderQueue.optional(),
    greetingMessage: queueFields.greetingMessage.optional().default(''),
    outOfHoursMessage: queueFields.outOfHoursMessage.optional().default(''),
    closeTicket: queueFields.closeTicket.optional().default(false),
    ativarRoteador: queueFields.ativarRoteador.optional().default(false),
    tempoRoteador: queueFields.tempoRoteador.optional().default(0),
    token: queueFields.token.optional().default(''),
    schedules: queueFields.schedules.optional().default([]),
    chatbots: queueFields.chatbots.optional().default([]),
  })
  .superRefine(outOfHoursRule);
export type QueueInput = z.input<typeof QueueInput>;
export type QueueData = z.output<typeof QueueInput>;

/**
 * PUT /queue/{id}: every field optional. The cross-field rules (out-of-hours message, greeting) are
 * checked by the server on the queue as it will be after the change, since one side may be unsent.
 */
export const QueueUpdateInput = z
  .object(queueFields)
  .partial()
  .superRefine((q, ctx) => chatbotTreeRule(q.chatbots, ctx, 'chatbots'));
export type QueueUpdateInput = z.input<typeof QueueUpdateInput>;
export type QueueChanges = z.output<typeof QueueUpdateInput>;
