import { COMPANY_PAGE_SIZE, type CompanyPage } from '@chatflow/contract';
import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, type CompanyRow, plans } from '../../db/schema';
import type { Config } from '../../config';
import { notFound } from '../../http/errors';
import { companyFolder, mediaStorage } from '../../media';
import { type PlanRef, presentCompany } from './presenter';

type Row = { company: CompanyRow; plan: PlanRef | null };

/** Companies with their media folder's usage, read from the storage (a page at a time, never the whole platform's files at once). */
function presentAll(config: Config, rows: Row[]) {
  const storage = mediaStorage(config);
  return Promise.all(rows.map(async (r) => presentCompany(r.company, r.plan, await storage.usage(companyFolder(r.company.id)))));
}

/**
 * Company reads. Companies are the tenants themselves, so these are the super user's view of the
 * platform; a non-super caller only ever reaches its own company (see policy.ts).
 */
const withPlan = (db: DbOrTx) =>
  db
    .select({ company: companies, plan: { id: plans.id, name: plans.name, amount: plans.amount } })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId));

export async function listCompanies(db: DbOrTx, config: Config) {
  return presentAll(config, await withPlan(db).orderBy(asc(companies.id)));
}

export function listCompanyItems(db: DbOrTx) {
  return db
    .select({ id: companies.id, name: companies.name, dueDate: companies.dueDate, planId: companies.planId })
    .from(companies)
    .orderBy(asc(companies.name));
}

/** `%` and `_` in a search are literal characters, not wildcards. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function companyPage(db: DbOrTx, config: Config, q: { searchParam: string; pageNumber: number }): Promise<CompanyPage> {
  const term = q.searchParam.trim();
  const where: SQL | undefined = term ? or(ilike(companies.name, likeTerm(term)), ilike(companies.email, likeTerm(term))) : undefined;
  const offset = (q.pageNumber - 1) * COMPANY_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    withPlan(db).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(COMPANY_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return {
    companies: await presentAll(config, rows),
    count: total,
    hasMore: offset + rows.length < total,
  };
}

export async function findCompanyWithPlan(db: DbOrTx, id: number): Promise<{ company: CompanyRow; plan: PlanRef | null }> {
  const [row] = await withPlan(db).where(eq(companies.id, id));
  if (!row) throw notFound();
  return { company: row.company, plan: row.plan };
}

export async function findCompanyRow(db: DbOrTx, id: number): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw notFound();
  return row;
}

export async function presentCompanyById(db: DbOrTx, config: Config, id: number) {
  const [view] = await presentAll(config, [await findCompanyWithPlan(db, id)]);
  return view;
}
