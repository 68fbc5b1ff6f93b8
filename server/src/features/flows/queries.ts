import { FLOWS_PAGE_SIZE, type FlowPage } from '@chatflow/contract';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type FlowRow, flows } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentFlowSummary } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /flowbuilder {search, page}: 20 by name; one row more is read to know whether another page exists. */
export async function listFlowsPage(db: DbOrTx, companyId: number, q: { search: string; page: number }): Promise<FlowPage> {
  const term = q.search.trim();
  const rows = await db
    .select()
    .from(flows)
    .where(and(eq(flows.companyId, companyId), term ? ilike(flows.name, containsPattern(term)) : undefined))
    .orderBy(asc(flows.name), asc(flows.id))
    .limit(FLOWS_PAGE_SIZE + 1)
    .offset((q.page - 1) * FLOWS_PAGE_SIZE);
  return { flows: rows.slice(0, FLOWS_PAGE_SIZE).map(presentFlowSummary), hasMore: rows.length > FLOWS_PAGE_SIZE };
}

/** A flow of the company, or 404 (another company's id looks like a missing one). */
export async function findFlow(db: DbOrTx, companyId: number, id: number): Promise<FlowRow> {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, id)));
  if (!row) throw notFound();
  return row;
}
