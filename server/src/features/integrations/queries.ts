import { QUEUE_INTEGRATIONS_PAGE_SIZE, type QueueIntegrationPage } from '@chatflow/contract';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type QueueIntegrationRow, queueIntegrations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentQueueIntegration } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /queueIntegration/ {searchParam, pageNumber}: a page of 20 by name. */
export async function listIntegrationsPage(
  db: DbOrTx,
  companyId: number,
  f: { searchParam: string; pageNumber: number },
): Promise<QueueIntegrationPage> {
  const term = f.searchParam.trim();
  const where = and(eq(queueIntegrations.companyId, companyId), term ? ilike(queueIntegrations.name, containsPattern(term)) : undefined);
  const offset = (f.pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(queueIntegrations)
    .where(where)
    .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
    .limit(QUEUE_INTEGRATIONS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(queueIntegrations).where(where);
  return { queueIntegrations: rows.map(presentQueueIntegration), count, hasMore: offset + rows.length < count };
}

/** An integration of the company, or null (another company's id is a missing one). */
export async function integrationOf(db: DbOrTx, companyId: number, id: number): Promise<QueueIntegrationRow | null> {
  const [row] = await db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)));
  return row ?? null;
}

export async function findIntegration(db: DbOrTx, companyId: number, id: number): Promise<QueueIntegrationRow> {
  const row = await integrationOf(db, companyId, id);
  if (!row) throw notFound();
  return row;
}
