import { randomUUID } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  RECURRENCE_MONTHS,
  type Recurrence,
  type SubscriptionInput,
  type SubscriptionResult,
  todayIn,
} from '@chatflow/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, type InvoiceRow, invoiceCharges, invoices } from '../../../db/schema';
import type { HookedTx, RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { type Charge, type PaymentProvider, paymentProviders } from '../providers';
import { findCompanyInvoice } from '../queries';
import { cancelAtProviders } from './cancel-charges';
import { type Order, priceOrder } from './price-order';

type Input = z.output<typeof SubscriptionInput>;

/** The invoice being paid: the one named, else the oldest unpaid one, else one for the company's current due date. */
async function invoiceToPay(tx: HookedTx, companyId: number, invoiceId: number | undefined): Promise<InvoiceRow> {
  if (invoiceId) return findCompanyInvoice(tx, companyId, invoiceId);
  const [open] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, 'open')))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(1);
  if (open) return open;
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  const dueDate = company.dueDate ?? todayIn(company.timeZone);
  // Same key as the invoice job's, so the job later finds this one and creates nothing.
  await tx
    .insert(invoices)
    .values({ companyId, detail: '', users: 0, connections: 0, queues: 0, value: '0', dueDate })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.dueDate, dueDate)));
  return row;
}

async function chargesFrom(ctx: RequestContext, providers: PaymentProvider[], invoice: InvoiceRow, input: Input) {
  const attempt = randomUUID();
  // Providers refuse a due date in the past: an overdue invoice is charged as due today.
  const today = todayIn(DEFAULT_TIME_ZONE);
  const request = {
    invoiceId: invoice.id,
    companyId: invoice.companyId,
    value: Number(invoice.value),
    dueDate: [invoice.dueDate, today].sort()[1],
    description: `Fatura #${invoice.id} - ${invoice.detail}`,
    payer: { name: `${input.firstName} ${input.lastName}`.trim(), email: input.email, document: input.document },
  };
  const settled = await Promise.allSettled(providers.map((p) => p.createCharge({ ...request, attemptKey: `${attempt}-${p.name}` })));
  const charges: { provider: PaymentProvider['name']; charge: Charge }[] = [];
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') charges.push({ provider: providers[i].name, charge: s.value });
    else ctx.log.warn({ provider: providers[i].name, err: String(s.reason) }, 'payment provider refused a charge');
  });
  return charges;
}

/**
 * POST /subscription: prices the chosen plan onto the invoice, asks every configured provider for a way
 * to pay it and stores each charge with what it buys (plan, users, connections, queues, amount): the webhook
 * finds the charge by its provider's payment id and applies that order, never the invoice's later one. The
 * invoice's earlier open charges become superseded in the pricing transaction and are cancelled at their
 * providers after it, so an older, cheaper charge no longer pays a re-priced invoice. Provider calls happen
 * after the commit, never inside a transaction.
 */
export async function subscribe(ctx: RequestContext, input: Input): Promise<SubscriptionResult> {
  const deps = { db: ctx.db, config: ctx.config };
  const all = paymentProviders(deps);
  const configured = (await Promise.all(all.map(async (p) => ((await p.isConfigured()) ? p : null)))).filter(
    (p): p is PaymentProvider => p !== null,
  );
  if (configured.length === 0) throw new AppError('ERR_NO_PAYMENT_PROVIDER', 400);

  const { invoice, order, superseded } = await ctx.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, ctx.companyId));
    const months = RECURRENCE_MONTHS[company.recurrence as Recurrence] ?? 1;
    const target = await invoiceToPay(tx, ctx.companyId, input.invoiceId);
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, target.id)).for('update');
    if (locked.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID', 400);
    const order = await priceOrder(tx, input, months, company.planId);
    const [priced] = await tx
      .update(invoices)
      .set({ ...order, value: order.value.toFixed(2) })
      .where(eq(invoices.id, target.id))
      .returning();
    const superseded = await tx
      .update(invoiceCharges)
      .set({ status: 'superseded' })
      .where(and(eq(invoiceCharges.invoiceId, target.id), eq(invoiceCharges.status, 'open')))
      .returning();
    return { invoice: priced, order, superseded };
  });

  await cancelAtProviders({ ...deps, log: ctx.log }, superseded);
  const charges = await chargesFrom(ctx, configured, invoice, input);
  if (charges.length === 0) throw new AppError('ERR_PAYMENT_PROVIDER', 502);
  await ctx.db.insert(invoiceCharges).values(charges.map(({ provider, charge }) => chargeRow(invoice, order, provider, charge)));
  const urlOf = (name: string) => charges.find((c) => c.provider === name)?.charge.paymentUrl ?? null;
  const pix = charges.find((c) => c.charge.pixCode)?.charge.pixCode;
  return {
    invoiceId: invoice.id,
    qrcode: pix ? { qrcode: pix } : null,
    stripeURL: urlOf('stripe'),
    asaasURL: urlOf('asaas'),
    mercadopagoURL: urlOf('mercadopago'),
    valorext: Number(invoice.value),
  };
}

/** A charge as stored: the provider's ids and links, and the order paying it buys. */
const chargeRow = (invoice: InvoiceRow, order: Order, provider: PaymentProvider['name'], charge: Charge) => ({
  companyId: invoice.companyId,
  invoiceId: invoice.id,
  provider,
  providerPaymentId: charge.providerPaymentId,
  providerRef: charge.providerRef ?? null,
  paymentUrl: charge.paymentUrl ?? null,
  pixCode: charge.pixCode ?? null,
  value: invoice.value,
  planId: order.planId,
  detail: order.detail,
  users: order.users,
  connections: order.connections,
  queues: order.queues,
});
