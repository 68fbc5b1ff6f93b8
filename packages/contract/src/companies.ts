import { z } from 'zod';
import { boundedString, email, password } from './fields';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];
/** Months added by a renewal, per recurrence (spec 2 §4 Company due date). */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12,
};

const companyEmail = () =>
  z.string({ message: 'validation.companyEmailRequired' }).trim()
    .min(1, { message: 'validation.companyEmailRequired' })
    .pipe(z.email({ message: 'validation.companyEmailInvalid' }));

/** Company form (spec 2 §5 Company): name 2-50 required, email valid and required. */
export const CompanyInput = z.object({
  name: z.string({ message: 'validation.companyNameRequired' }).trim()
    .min(1, { message: 'validation.companyNameRequired' })
    .min(2, { message: 'validation.tooShort' }).max(50, { message: 'validation.tooLong' }),
  email: companyEmail(),
  phone: z.string().max(30).optional().default(''),
  document: z.string().max(30).optional().default(''),
  addressStreet: z.string().max(200).optional().default(''),
  addressCity: z.string().max(100).optional().default(''),
  addressState: z.string().max(50).optional().default(''),
  planId: z.coerce.number({ message: 'validation.required' }).int().positive({ message: 'validation.required' }),
  status: z.boolean().optional().default(false),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' }).nullable().optional(),
  recurrence: z.enum(RECURRENCES).optional().default('MENSAL'),
  paymentMethod: z.string().max(50).optional().default(''),
  numberAttendants: z.coerce.number({ message: 'validation.number' }).int().min(0).max(100000).optional().default(1),
  numberConections: z.coerce.number({ message: 'validation.number' }).int().min(0).max(100000).optional().default(1),
  /** Default password for the company's first user, when the form creates one. */
  password: z.string().max(50).optional(),
});
export type CompanyInput = z.input<typeof CompanyInput>;

/** Company-user dialog: name 2-50, password 5-50, email valid, all required. */
export const CompanyUserInput = z.object({
  name: boundedString(2, 50),
  email: email(),
  password: password(),
});

export interface CompanyView {
  id: number;
  name: string;
  email: string;
  phone: string;
  document: string;
  addressStreet: string;
  addressCity: string;
  addressState: string;
  planId: number;
  plan: { id: number; name: string; amount: string } | null;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  paymentMethod: string;
  numberAttendants: number;
  numberConections: number;
  createdAt: string;
  lastLogin: string | null;
}
