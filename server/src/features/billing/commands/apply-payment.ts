import { MAIN_COMPANY_ID, todayIn } from '@chatflow/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { companies, type InvoiceChargeRow, invoiceCharges, invoices } from '../../../db/schema';
import { type HookedTx, transactionRunner } from '../../../http/context';
import type { Realtime } from '../../../realtime/emit';
import { renewedDueDate } from '../../companies';
import { paymentEvents } from '../events';
import { logNotice } from '../notice-log';
import type { PaymentNotice, PaymentProviderName } from '../providers';

export interface PaymentDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * What the paid charge bought: its plan becomes the company's plan (none for the custom plan), and the users
 * and connections it was priced with become the company's counts (numberAttendants, numberConections), which
 * the user and connection limits honour above the plan's. A charge that bought no counts (made before charges
 * recorded their order) changes neither.
 */
function boughtWith(charge: InvoiceChargeRow) {
  if (charge.users <= 0) return {};
  return {
    ...(charge.planId ? { planId: charge.planId } : {}),
    numberAttendants: charge.users,
    numberConections: charge.connections,
  };
}

/** Cents, so 99.9 and '99.90' compare equal. */
const cents = (value: number | string) => Math.round(Number(value) * 100);

export type PaymentOutcome =
  | 'renewed'
  | 'replay'
  | 'already-paid'
  | 'unknown-charge'
  | 'not-paid'
  | 'superseded'
  | 'underpaid'
  | 'mismatch'
  | 'refunded';

export interface PaymentResult {
  outcome: PaymentOutcome;
  /** The invoice's other open charges, superseded by this payment: the caller cancels them at their providers. */
  superseded: InvoiceChargeRow[];
}

/**
 * A verified provider notice, in one transaction locked on its charge (unique by provider and payment id).
 *
 * A paid notice buys what its own charge recorded, never the invoice's current order: only an open charge,
 * and only when the amount the provider reports covers the charge. It then marks the charge and the invoice
 * paid (the invoice now shows what was bought), gives the company the charge's plan and counts, moves the due
 * date on by the recurrence and tells the company's users (company-{id}-payment, CONCLUIDA, after commit).
 * The invoice's other open charges become superseded.
 *
 * A replay changes nothing (the charge's paid_at). Money on a superseded charge, a payment below its
 * charge, a second payment of a paid invoice, a notice naming another invoice than its charge's, and a
 * refund or chargeback change no company or invoice: they are kept in payment_notice_log for the super user,
 * who decides (a refund is marked on its charge; the company keeps its due date until the operator acts).
 */
export async function applyPaymentNotice(deps: PaymentDeps, provider: PaymentProviderName, notice: PaymentNotice): Promise<PaymentResult> {
  if (notice.status === 'pending' || notice.status === 'failed') return { outcome: 'not-paid', superseded: [] };
  const now = deps.now?.() ?? new Date();
  return transactionRunner(
    deps.db,
    deps.log,
  )(async (tx): Promise<PaymentResult> => {
    const [charge] = await tx
      .select()
      .from(invoiceCharges)
      .where(and(eq(invoiceCharges.provider, provider), eq(invoiceCharges.providerPaymentId, notice.providerPaymentId)))
      .for('update');
    const done = (outcome: PaymentOutcome): PaymentResult => ({ outcome, superseded: [] });
    if (!charge) return done('unknown-charge');
    const logged = async (outcome: 'superseded' | 'underpaid' | 'already-paid' | 'refunded' | 'mismatch') => {
      await logNotice(tx, deps.log, provider, notice, outcome, charge);
      return done(outcome);
    };
    if (notice.invoiceId !== undefined && notice.invoiceId !== charge.invoiceId) return logged('mismatch');

    if (notice.status === 'refunded') {
      if (charge.status === 'refunded') return done('replay');
      await tx.update(invoiceCharges).set({ status: 'refunded' }).where(eq(invoiceCharges.id, charge.id));
      return logged('refunded');
    }

    if (charge.paidAt) return done('replay');
    if (notice.amount === undefined || cents(notice.amount) < cents(charge.value)) return logged('underpaid');
    // The money is in: the charge remembers it whatever it buys, so a replay is recognised.
    const paying = charge.status === 'open';
    await tx
      .update(invoiceCharges)
      .set({ paidAt: now, ...(paying ? { status: 'paid' as const } : {}) })
      .where(eq(invoiceCharges.id, charge.id));
    if (!paying) return logged('superseded');

    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, charge.invoiceId)).for('update');
    if (!invoice || invoice.status === 'paid') return logged('already-paid');
    await tx
      .update(invoices)
      .set({
        status: 'paid',
        paidAt: now,
        detail: charge.detail || invoice.detail,
        ...(charge.users > 0 ? { planId: charge.planId, users: charge.users, connections: charge.connections, queues: charge.queues } : {}),
        value: charge.value,
      })
      .where(eq(invoices.id, invoice.id));
    const superseded = await tx
      .update(invoiceCharges)
      .set({ status: 'superseded' })
      .where(and(eq(invoiceCharges.invoiceId, invoice.id), eq(invoiceCharges.status, 'open'), ne(invoiceCharges.id, charge.id)))
      .returning();
    await renewCompany(tx, deps, invoice.companyId, charge, now);
    return { outcome: 'renewed', superseded };
  });
}

/** The due date moved on by the recurrence from today or the current due date, and what the charge bought. */
async function renewCompany(tx: HookedTx, deps: PaymentDeps, companyId: number, charge: InvoiceChargeRow, now: Date) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company || company.id === MAIN_COMPANY_ID) return;
  const { dueDate, dueDay } = renewedDueDate(company, todayIn(company.timeZone, now));
  await tx
    .update(companies)
    .set({ dueDate, dueDay, ...boughtWith(charge) })
    .where(eq(companies.id, company.id));
  tx.afterCommit(() => paymentEvents.concluded(deps.realtime, company.id, dueDate));
}
