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
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoice_charges_provider_payment_unique').on(t.provider, t.providerPaymentId),
    index('invoice_charges_invoice_idx').on(t.companyId, t.invoiceId),
  ],
);
export type InvoiceChargeRow = typeof invoiceCharges.$inferSelect;
