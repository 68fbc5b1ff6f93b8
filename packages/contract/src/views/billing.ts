import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../billing-rules';

export const InvoiceView = z.object({
  id: z.number(),
  companyId: z.number(),
  /** Shown to the super user, who lists every company's invoices. */
  companyName: z.string(),
  detail: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  /** yyyy-MM-dd */
  dueDate: z.string(),
  status: z.enum(['open', 'paid']),
  paidAt: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof InvoiceView>;

export const InvoicePage = z.object({ invoices: z.array(InvoiceView), count: z.number(), hasMore: z.boolean() });
export type InvoicePage = z.infer<typeof InvoicePage>;

/** What POST /subscription answers (spec 2 §7): one way to pay per configured provider, null where none. */
export const SubscriptionResult = z.object({
  invoiceId: z.number(),
  qrcode: z.object({ qrcode: z.string() }).nullable(),
  stripeURL: z.string().nullable(),
  asaasURL: z.string().nullable(),
  mercadopagoURL: z.string().nullable(),
  /** The amount charged, BRL. */
  valorext: z.number(),
});
export type SubscriptionResult = z.infer<typeof SubscriptionResult>;

export const WebhookAck = z.object({ received: z.boolean() });

/**
 * GET and PUT /settings/efi-webhook (super user): the webhook Efí calls for the pix key. `webhookUrl` is
 * this server's (PUBLIC_URL + /subscription/webhook/efi; Efí appends /pix); `registeredUrl` is what Efí
 * holds, null when nothing is registered or Efí is not configured (client id, secret, pix key, certificate).
 */
export const EfiWebhookStatus = z.object({
  configured: z.boolean(),
  webhookUrl: z.string(),
  registeredUrl: z.string().nullable(),
});
export type EfiWebhookStatus = z.infer<typeof EfiWebhookStatus>;

/**
 * GET /companySettingOnePayment (spec 1 and 2 §7): the caller's company's payment setting as the checkout
 * reads it: how and how often it pays, when it is due, and which providers can take the payment now.
 * Credentials never appear: `providers` only names the configured ones.
 */
export const CompanyPaymentSettingView = z.object({
  companyId: z.number(),
  planId: z.number().nullable(),
  paymentMethod: z.string(),
  recurrence: z.string(),
  /** yyyy-MM-dd, null before the first one is set */
  dueDate: z.string().nullable(),
  providers: z.array(z.enum(PAYMENT_PROVIDERS)),
});
export type CompanyPaymentSettingView = z.infer<typeof CompanyPaymentSettingView>;

/**
 * GET /invoices/payment-notices (super user): provider notices that changed nothing, or that the operator
 * must act on. `outcome`: 'superseded' (money on a charge of an earlier price or of an invoice paid another
 * way), 'underpaid' (the provider reported less than the charge), 'already-paid' (a second payment of a paid
 * invoice), 'refunded' (refund or chargeback: the company keeps its due date until the operator acts),
 * 'mismatch' (the provider's record names another invoice than the charge's).
 */
export const PaymentNoticeView = z.object({
  id: z.number(),
  provider: z.string(),
  providerPaymentId: z.string(),
  outcome: z.enum(['superseded', 'underpaid', 'already-paid', 'refunded', 'mismatch']),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  invoiceId: z.number().nullable(),
  /** BRL the provider reported, null when it reported none. */
  reportedAmount: z.number().nullable(),
  chargeAmount: z.number().nullable(),
  createdAt: z.string(),
});
export type PaymentNoticeView = z.infer<typeof PaymentNoticeView>;

export const PaymentNoticePage = z.object({ notices: z.array(PaymentNoticeView), count: z.number(), hasMore: z.boolean() });
export type PaymentNoticePage = z.infer<typeof PaymentNoticePage>;
