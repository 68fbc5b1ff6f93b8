import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { plans } from './plans';

/**
 * A company's bill for one period (spec 2 §3 Invoice). `dueDate` is the company's due date the invoice
 * pays for: the monthly job creates at most one invoice per (company, dueDate), so a rerun creates nothing.
 * `value` is BRL (numeric, read as text by the driver).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    detail: text('detail').notNull(),
    users: integer('users').notNull(),
    connections: integer('connections').notNull(),
    queues: integer('queues').notNull(),
    /**
     * The plan chosen at checkout; null for the custom plan (users and connections above say what was bought)
     * or before any checkout. Paying the invoice makes it the company's plan (billing/commands/apply-payment.ts).
     */
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** 'open' or 'paid'; "overdue" is computed from the date (contract invoiceDisplayStatus). */
    status: text('status').notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  // Also the list's index: a company's invoices by due date.
  (t) => [uniqueIndex('invoices_company_due_date_unique').on(t.companyId, t.dueDate)],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * One provider's charge for an invoice (the checkout asks every configured provider). Webhooks find it by
 * (provider, provider_payment_id), unique, and `paid_at` makes a replayed notice change nothing.
 *
 * A charge records what it buys (plan, users, connections, queues, value) when it is made: a re-priced
 * invoice gets new charges and its earlier ones become 'superseded', so money paid on an old, cheaper
 * charge never buys the invoice's newer, dearer order (billing/commands/apply-payment.ts).
 */
export const invoiceCharges = pgTable(
  'invoice_charges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    paymentUrl: text('payment_url'),
    pixCode: text('pix_code'),
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    /** What paying this charge buys: the plan (null for the custom plan) and the counts it was priced with. */
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    detail: text('detail').notNull().default(''),
    users: integer('users').notNull().default(0),
    connections: integer('connections').notNull().default(0),
    queues: integer('queues').notNull().default(0),
    /**
     * 'open' (payable), 'paid' (it paid its invoice), 'superseded' (the invoice was re-priced or paid
     * another way: cancelled at the provider where its API allows) or 'refunded' (refund or chargeback).
     */
    status: text('status').$type<ChargeStatus>().notNull().default('open'),
    /** A provider-side handle other than the payment id, where cancelling needs one (Mercado Pago's preference id). */
    providerRef: text('provider_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoice_charges_provider_payment_unique').on(t.provider, t.providerPaymentId),
    index('invoice_charges_invoice_idx').on(t.companyId, t.invoiceId),
  ],
);
export type InvoiceChargeRow = typeof invoiceCharges.$inferSelect;
export type ChargeStatus = 'open' | 'paid' | 'superseded' | 'refunded';

/**
 * A provider notice that changed nothing, or not all it asked for, kept for the platform operator (the
 * super user lists them): money paid on a superseded charge, a payment below its charge's amount, a second
 * payment of a paid invoice, a refund or chargeback. One row per (provider, payment id, outcome): a replayed
 * notice adds none.
 */
export const paymentNoticeLog = pgTable(
  'payment_notice_log',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    outcome: text('outcome').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    chargeId: integer('charge_id').references(() => invoiceCharges.id, { onDelete: 'set null' }),
    /** What the provider reported paid (BRL), when it reports an amount. */
    reportedAmount: numeric('reported_amount', { precision: 10, scale: 2 }),
    chargeAmount: numeric('charge_amount', { precision: 10, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_notice_log_notice_unique').on(t.provider, t.providerPaymentId, t.outcome),
    index('payment_notice_log_created_idx').on(t.createdAt),
  ],
);
export type PaymentNoticeLogRow = typeof paymentNoticeLog.$inferSelect;
