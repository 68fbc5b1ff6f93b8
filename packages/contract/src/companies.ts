import { z } from 'zod';
import { PageQuery, boundedString, coercedId, email, fromText, password } from './fields';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
/** Months added by a renewal, per recurrence (spec 2 §4 Company due date). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/**
 * Defaults of a new company (spec 2 §3 Company: inactive, monthly). Its attendants and connections are
 * not here: left out of the form, they start from the chosen plan's users and connections (issue 31),
 * so a company is never born below what its plan sells.
 */
export const COMPANY_DEFAULTS = { status: false, recurrence: 'MENSAL' } as const;

const companyEmail = () =>
  z
    .string({ message: 'validation.companyEmailRequired' })
    .trim()
    .min(1, { message: 'validation.companyEmailRequired' })
    .pipe(z.email({ message: 'validation.companyEmailInvalid' }));

const isoDate = () =>
  z
    .string({ message: 'validation.invalid' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      message: 'validation.invalid',
    });

const count = () =>
  fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.number' })
      .max(100000, { message: 'validation.tooLong' }),
  );

/** The company form's fields as validated, without defaults: an update leaves what it does not send alone. */
const companyFields = {
  name: z
    .string({ message: 'validation.companyNameRequired' })
    .trim()
    .min(1, { message: 'validation.companyNameRequired' })
    .min(2, { message: 'validation.tooShort' })
    .max(50, { message: 'validation.tooLong' }),
  email: companyEmail(),
  phone: z.string().trim().max(30, { message: 'validation.tooLong' }),
  document: z.string().trim().max(30, { message: 'validation.tooLong' }),
  addressStreet: z.string().trim().max(200, { message: 'validation.tooLong' }),
  addressCity: z.string().trim().max(100, { message: 'validation.tooLong' }),
  addressState: z.string().trim().max(50, { message: 'validation.tooLong' }),
  planId: coercedId('validation.required'),
  status: z.boolean(),
  /** yyyy-MM-dd; empty or null on create means "today plus the plan's trial days". */
  dueDate: z.union([z.literal(''), isoDate()]).nullable(),
  recurrence: z.enum(RECURRENCES, { message: 'validation.invalid' }),
  paymentMethod: z.string().trim().max(50, { message: 'validation.tooLong' }),
  numberAttendants: count(),
  numberConections: count(),
};

/** Company form, create (spec 2 §5 Company): name 2-50 required, email valid and required. */
export const CompanyInput = z.object({
  ...companyFields,
  phone: companyFields.phone.optional().default(''),
  document: companyFields.document.optional().default(''),
  addressStreet: companyFields.addressStreet.optional().default(''),
  addressCity: companyFields.addressCity.optional().default(''),
  addressState: companyFields.addressState.optional().default(''),
  status: companyFields.status.optional().default(COMPANY_DEFAULTS.status),
  dueDate: companyFields.dueDate.optional(),
  recurrence: companyFields.recurrence.optional().default(COMPANY_DEFAULTS.recurrence),
  paymentMethod: companyFields.paymentMethod.optional().default(''),
  /** Left out: the plan's users (server side). */
  numberAttendants: companyFields.numberAttendants.optional(),
  /** Left out: the plan's connections (server side). */
  numberConections: companyFields.numberConections.optional(),
  /** Default password for the company's first user: when given (5-50), the company's admin is created with it. */
  password: z.union([z.literal(''), password()]).optional(),
});
export type CompanyInput = z.input<typeof CompanyInput>;

/** PUT /companies/{id}: the same fields, each optional (the first-user password only applies on create). */
export const CompanyUpdateInput = z.object(companyFields).partial();
export type CompanyUpdateInput = z.input<typeof CompanyUpdateInput>;

/** Company-user dialog: name 2-50, password 5-50, email valid, all required. */
export const CompanyUserInput = z.object({
  name: boundedString(2, 50),
  email: email(),
  password: password(),
});
export type CompanyUserInput = z.input<typeof CompanyUserInput>;

/** GET /companiesPlan: search by name or e-mail, pages of COMPANY_PAGE_SIZE. */
export const CompanyPageQuery = PageQuery;
export const COMPANY_PAGE_SIZE = 20;

const time = () =>
  z
    .string()
    .trim()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, { message: 'validation.time' })
    .optional()
    .default('');

/** One weekday of the company's service hours: two shifts, as the queues' schedules (spec 2 §9). */
export const CompanyScheduleItem = z.object({
  weekday: z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(20),
  weekdayEn: z.string().trim().max(20).optional(),
  startTimeA: time(),
  endTimeA: time(),
  startTimeB: time(),
  endTimeB: time(),
});
export type CompanyScheduleItem = z.infer<typeof CompanyScheduleItem>;

export const CompanySchedulesInput = z.object({
  schedules: z.array(CompanyScheduleItem, { message: 'validation.required' }).max(7, { message: 'validation.tooLong' }),
});
