import { MAIN_COMPANY_ID, todayIn } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { companies, type InvoiceRow, invoiceCharges, invoices } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import type { Realtime } from '../../../realtime/emit';
import { renewedDueDate } from '../../companies';
import { paymentEvents } from '../events';
import type { PaymentNotice, PaymentProviderName } from '../providers';

export interface PaymentDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * What the paid invoice bought: the plan chosen at checkout becomes the company's plan, and the users and
 * connections it was priced with become the company's counts (numberAttendants, numberConections), which the
 * user and connection limits honour above the plan's (a custom plan is bought this way). An invoice never
 * checked out (no users priced) changes neither.
 */
function boughtWith(invoice: InvoiceRow) {
  if (invoice.users <= 0) return {};
  return {
    ...(invoice.planId ? { planId: invoice.planId } : {}),
    numberAttendants: invoice.users,
    numberConections: invoice.connections,
  };
}

export type PaymentOutcome = 'renewed' | 'replay' | 'already-paid' | 'unknown-charge' | 'not-paid';

/**
 * A verified provider notice. A paid one marks its charge and the invoice paid, moves the company's due
 * date on by its recurrence and tells the company's users (company-{id}-payment, CONCLUIDA), all in one
 * transaction, the event after commit. Idempotent by (provider, payment id): the charge row is locked and
 * its paid_at says a replay already counted, so a second delivery changes nothing. A second provider's
 * payment of an invoice already paid is recorded on its charge but renews nothing.
 */
export async function applyPaymentNotice(deps: PaymentDeps, provider: PaymentProviderName, notice: PaymentNotice): Promise<PaymentOutcome> {
  if (notice.status !== 'paid') return 'not-paid';
  const now = deps.now?.() ?? new Date();
  return transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const [charge] = await tx
      .select()
      .from(invoiceCharges)
      .where(and(eq(invoiceCharges.provider, provider), eq(invoiceCharges.providerPaymentId, notice.providerPaymentId)))
      .for('update');
    if (!charge) return 'unknown-charge';
    if (charge.paidAt) return 'replay';
    await tx.update(invoiceCharges).set({ paidAt: now }).where(eq(invoiceCharges.id, charge.id));
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, charge.invoiceId)).for('update');
    if (!invoice || invoice.status === 'paid') return 'already-paid';
    await tx.update(invoices).set({ status: 'paid', paidAt: now }).where(eq(invoices.id, invoice.id));
    const [company] = await tx.select().from(companies).where(eq(companies.id, invoice.companyId)).for('update');
    if (!company || company.id === MAIN_COMPANY_ID) return 'renewed';
    const { dueDate, dueDay } = renewedDueDate(company, todayIn(company.timeZone, now));
    await tx
      .update(companies)
      .set({ dueDate, dueDay, ...boughtWith(invoice) })
      .where(eq(companies.id, company.id));
    tx.afterCommit(() => paymentEvents.concluded(deps.realtime, company.id, dueDate));
    return 'renewed';
  });
}
