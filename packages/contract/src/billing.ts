import { z } from 'zod';
import { CUSTOM_PLAN, PAYMENT_PROVIDERS } from './billing-rules';
import { coercedId, fromText, PageQuery } from './fields';

export const INVOICES_PAGE_SIZE = 20;

/** GET /invoices/all {searchParam, pageNumber}. */
export const InvoiceQuery = PageQuery;

const optionalText = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' }).optional().default('');

/**
 * POST /subscription (spec 2 §7): the checkout's fields. The server prices the order itself (a plan's
 * amount, or the custom plan's formula); `price` is what the screen showed and is not trusted.
 * `plan` is a plan id or 'custom' (then `users` and `connections` are the custom counts).
 */
export const SubscriptionInput = z.object({
  firstName: z
    .string({ message: 'validation.fullNameRequired' })
    .trim()
    .min(1, { message: 'validation.fullNameRequired', abort: true })
    .max(100, { message: 'validation.tooLong' }),
  lastName: optionalText(100),
  /** CPF (11 digits) or CNPJ (14 digits), punctuation allowed. */
  document: z
    .string({ message: 'validation.documentRequired' })
    .trim()
    .min(1, { message: 'validation.documentRequired', abort: true })
    .refine((v) => [11, 14].includes(v.replace(/\D/g, '').length) && /^[\d.\-/ ]+$/.test(v), { message: 'validation.documentInvalid' }),
  email: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(254, { message: 'validation.tooLong' })
    .pipe(z.email({ message: 'validation.invalidEmail' })),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipcode: optionalText(20),
  country: optionalText(100),
  useAddressForPaymentDetails: z.boolean().optional().default(false),
  // Card fields exist in the spec's payload; cards are typed on the providers' own pages, never here.
  nameOnCard: optionalText(100),
  cardNumber: optionalText(30),
  cvv: optionalText(10),
  plan: z.union([z.literal('custom'), coercedId()]),
  price: fromText(z.number().min(0).max(1_000_000)).optional(),
  users: fromText(z.number().int().min(CUSTOM_PLAN.minUsers, { message: 'validation.customPlanMinimum' }).max(CUSTOM_PLAN.maxUsers))
    .optional()
    .default(CUSTOM_PLAN.minUsers),
  connections: fromText(
    z.number().int().min(CUSTOM_PLAN.minConnections, { message: 'validation.customPlanMinimum' }).max(CUSTOM_PLAN.maxConnections),
  )
    .optional()
    .default(CUSTOM_PLAN.minConnections),
  invoiceId: coercedId().optional(),
});
export type SubscriptionInput = z.input<typeof SubscriptionInput>;

export const PaymentProviderParam = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });

/** The checkout wizard's form: the fields the steps ask for, with the server's messages. */
export const CheckoutForm = SubscriptionInput.pick({
  firstName: true,
  document: true,
  email: true,
  address2: true,
  city: true,
  state: true,
  zipcode: true,
  plan: true,
  users: true,
  connections: true,
});
