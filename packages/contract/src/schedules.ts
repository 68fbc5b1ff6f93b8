import { z } from 'zod';
import { dbId, enabledDisabled, fromText, PageQuery } from './fields';

export const SCHEDULES_PAGE_SIZE = 50;

/** Schedule status (spec 3 §4): waiting for its next send, every send done, or a send that failed. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Repeat interval unit (spec 3 §4): 1 days, 2 weeks, 3 months, 4 minutes. */
export const SCHEDULE_INTERVAL_UNITS = { days: 1, weeks: 2, months: 3, minutes: 4 } as const;
export type ScheduleIntervalUnit = (typeof SCHEDULE_INTERVAL_UNITS)[keyof typeof SCHEDULE_INTERVAL_UNITS];

/** What a send falling on a non-working day does (spec 3 §4): 4 send anyway, 5 the working day before, 6 the one after. */
export const SCHEDULE_DAY_RULES = { sendAnyway: 4, workingDayBefore: 5, workingDayAfter: 6 } as const;
export type ScheduleDayRule = (typeof SCHEDULE_DAY_RULES)[keyof typeof SCHEDULE_DAY_RULES];

/** Defaults of the dialog (spec 3 §4, §9): sendAt one hour from now, unit days, rule 4, sent once. */
export const SCHEDULE_DEFAULTS = {
  intervalo: 1,
  valorIntervalo: 1,
  enviarQuantasVezes: 1,
  tipoDias: 4,
  openTicket: 'disabled',
  statusTicket: 'closed',
  assinar: false,
} as const;
export const SCHEDULE_DEFAULT_LEAD_MS = 60 * 60 * 1000;
export const SCHEDULE_MAX_REPEATS = 1000;
export const SCHEDULE_MAX_INTERVAL_VALUE = 1000;

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const optionalId = z.preprocess((v) => (v === '' || v === 0 ? null : v), fromText(dbId()).nullable());
const int = (min: number, max: number) =>
  fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(min, { message: 'validation.invalid' })
      .max(max, { message: 'validation.invalid' }),
  );

/** An instant as the dialog sends it (ISO 8601 with its offset); a text that is no date is refused. */
const instant = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(40, { message: 'validation.invalid' })
  // Years PostgreSQL and the calendar both hold; a date the database cannot store is a 400, not a 500.
  .refine(
    (v) => {
      const year = new Date(v).getUTCFullYear();
      return !Number.isNaN(year) && year >= 1970 && year <= 9999;
    },
    { message: 'validation.invalid' },
  )
  .transform((v) => new Date(v));

const fields = {
  body: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(5, { message: 'validation.messageTooShort' })
    .max(10_000, { message: 'validation.tooLong' }),
  contactId: fromText(dbId('validation.invalid', 'validation.required')),
  sendAt: instant,
  openTicket: enabledDisabled,
  ticketUserId: optionalId,
  queueId: optionalId,
  statusTicket: z.enum(['closed', 'open'], { message: 'validation.invalid' }),
  intervalo: fromText(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { message: 'validation.invalid' })),
  valorIntervalo: int(1, SCHEDULE_MAX_INTERVAL_VALUE),
  enviarQuantasVezes: int(1, SCHEDULE_MAX_REPEATS),
  tipoDias: fromText(z.union([z.literal(4), z.literal(5), z.literal(6)], { message: 'validation.invalid' })),
  assinar: flag,
  whatsappId: optionalId,
};

/** Sent by existing clients; the author and the company come from the session. */
const ignored = { userId: z.unknown().optional(), companyId: z.unknown().optional() };

/** POST /schedules (spec 3 §3 Schedule, §5): body of at least 5 characters, contact and send time required. */
export const ScheduleInput = z.object({
  ...fields,
  openTicket: fields.openTicket.optional().default(SCHEDULE_DEFAULTS.openTicket),
  ticketUserId: fields.ticketUserId.optional().default(null),
  queueId: fields.queueId.optional().default(null),
  statusTicket: fields.statusTicket.optional().default(SCHEDULE_DEFAULTS.statusTicket),
  intervalo: fields.intervalo.optional().default(SCHEDULE_DEFAULTS.intervalo),
  valorIntervalo: fields.valorIntervalo.optional().default(SCHEDULE_DEFAULTS.valorIntervalo),
  enviarQuantasVezes: fields.enviarQuantasVezes.optional().default(SCHEDULE_DEFAULTS.enviarQuantasVezes),
  tipoDias: fields.tipoDias.optional().default(SCHEDULE_DEFAULTS.tipoDias),
  assinar: fields.assinar.optional().default(SCHEDULE_DEFAULTS.assinar),
  whatsappId: fields.whatsappId.optional().default(null),
  ...ignored,
});
export type ScheduleInput = z.input<typeof ScheduleInput>;
export type ScheduleData = z.output<typeof ScheduleInput>;

/** PUT /schedules/:id: any field of the create form. */
export const ScheduleUpdateInput = z.object(fields).partial().extend(ignored);
export type ScheduleUpdateInput = z.input<typeof ScheduleUpdateInput>;
export type ScheduleChanges = z.output<typeof ScheduleUpdateInput>;

/** GET /schedules: the page, optionally one contact's, optionally the sends in [startDate, endDate) (the calendar's range). */
export const ScheduleListQuery = PageQuery.extend({
  contactId: fromText(dbId()).optional(),
  startDate: instant.optional(),
  endDate: instant.optional(),
});
