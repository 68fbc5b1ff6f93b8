import { type Actor, INVOICES_PAGE_SIZE, type InvoicePage } from '@chatflow/contract';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, type InvoiceRow, invoices } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentInvoice } from './presenter';
import { canSeeEveryCompanysInvoices } from './policy';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /invoices/all: a page of 20, the newest due date first. A company sees its own invoices; the super
 * user sees every company's (and searches company names too).
 */
export async function listInvoicesPage(db: DbOrTx, actor: Actor, f: { searchParam: string; pageNumber: number }): Promise<InvoicePage> {
  const term = f.searchParam.trim();
  const all = canSeeEveryCompanysInvoices(actor);
  const conditions: (SQL | undefined)[] = [all ? undefined : eq(invoices.companyId, actor.companyId)];
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(all ? or(ilike(invoices.detail, pattern), ilike(companies.name, pattern)) : ilike(invoices.detail, pattern));
  }
  const where = and(...conditions);
  const offset = (f.pageNumber - 1) * INVOICES_PAGE_SIZE;
  const rows = await db
    .select({ invoice: invoices, companyName: companies.name })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(desc(invoices.dueDate), asc(invoices.companyId), desc(invoices.id))
    .limit(INVOICES_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where);
  return { invoices: rows.map((r) => presentInvoice(r.invoice, r.companyName)), count, hasMore: offset + rows.length < count };
}

/** An invoice of the company, or 404 (another company's id looks like a missing one). */
export async function findCompanyInvoice(db: DbOrTx, companyId: number, id: number): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
  if (!row) throw notFound();
  return row;
}
