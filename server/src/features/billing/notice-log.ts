import { INVOICES_PAGE_SIZE, type PaymentNoticePage, type PaymentNoticeView } from '@chatflow/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { companies, type InvoiceChargeRow, paymentNoticeLog } from '../../db/schema';
import type { PaymentNotice } from './providers';

/** Why a notice is listed for the operator (payment_notice_log.outcome). */
export type LoggedOutcome = PaymentNoticeView['outcome'];

/**
 * Keeps a notice that changed nothing, or that the operator must act on, in payment_notice_log (one row
 * per provider, payment id and outcome: a replay adds none) and in the server log.
 */
export async function logNotice(
  tx: DbOrTx,
  log: FastifyBaseLogger,
  provider: string,
  notice: PaymentNotice,
  outcome: LoggedOutcome,
  charge: InvoiceChargeRow,
) {
  log.warn(
    { provider, paymentId: notice.providerPaymentId, outcome, chargeId: charge.id, amount: notice.amount },
    'payment notice for the operator',
  );
  await tx
    .insert(paymentNoticeLog)
    .values({
      provider,
      providerPaymentId: notice.providerPaymentId,
      outcome,
      companyId: charge.companyId,
      invoiceId: charge.invoiceId,
      chargeId: charge.id,
      reportedAmount: notice.amount === undefined ? null : notice.amount.toFixed(2),
      chargeAmount: charge.value,
    })
    .onConflictDoNothing();
}

const amount = (v: string | null) => (v === null ? null : Number(v));

/** GET /invoices/payment-notices (super user): the log, newest first, a page of 20. */
export async function listPaymentNotices(db: DbOrTx, f: { pageNumber: number }): Promise<PaymentNoticePage> {
  const offset = (f.pageNumber - 1) * INVOICES_PAGE_SIZE;
  const rows = await db
    .select({ notice: paymentNoticeLog, companyName: companies.name })
    .from(paymentNoticeLog)
    .leftJoin(companies, eq(companies.id, paymentNoticeLog.companyId))
    .orderBy(desc(paymentNoticeLog.createdAt), desc(paymentNoticeLog.id))
    .limit(INVOICES_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(paymentNoticeLog);
  const notices = rows.map(({ notice: n, companyName }) => ({
    id: n.id,
    provider: n.provider,
    providerPaymentId: n.providerPaymentId,
    outcome: n.outcome as LoggedOutcome,
    companyId: n.companyId,
    companyName,
    invoiceId: n.invoiceId,
    reportedAmount: amount(n.reportedAmount),
    chargeAmount: amount(n.chargeAmount),
    createdAt: n.createdAt.toISOString(),
  }));
  return { notices, count, hasMore: offset + rows.length < count };
}
