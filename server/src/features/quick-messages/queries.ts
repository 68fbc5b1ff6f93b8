import { canEditQuickMessage, QUICK_MESSAGES_PAGE_SIZE, type QuickMessagePage, type QuickMessageView } from '@chatflow/contract';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type QuickMessageRow, quickMessages } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { presentQuickMessage } from './presenter';

/** The SQL form of canSeeQuickMessage (contract): shared, visible to all, or the caller's own. */
const visibleTo = (companyId: number, userId: number) =>
  and(
    eq(quickMessages.companyId, companyId),
    or(eq(quickMessages.geral, true), eq(quickMessages.visao, true), eq(quickMessages.userId, userId)),
  );

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /quick-messages: a page of 20 by shortcode, searched on shortcode and text. */
export async function listQuickMessagesPage(
  db: DbOrTx,
  companyId: number,
  userId: number,
  f: { searchParam: string; pageNumber: number },
): Promise<QuickMessagePage> {
  const term = f.searchParam.trim();
  const where: SQL | undefined = and(
    visibleTo(companyId, userId),
    term ? or(ilike(quickMessages.shortcode, containsPattern(term)), ilike(quickMessages.message, containsPattern(term))) : undefined,
  );
  const offset = (f.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
  const rows = await db
    .select()
    .from(quickMessages)
    .where(where)
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
    .limit(QUICK_MESSAGES_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(quickMessages).where(where);
  return { records: rows.map(presentQuickMessage), count, hasMore: offset + rows.length < count };
}

/** GET /quick-messages/list: everything the caller may use, for the "/" picker of the message input. */
export async function listVisibleQuickMessages(db: DbOrTx, companyId: number, userId: number): Promise<QuickMessageView[]> {
  const rows = await db
    .select()
    .from(quickMessages)
    .where(visibleTo(companyId, userId))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(presentQuickMessage);
}

/** A quick message the caller may see, or 404 (another company's, or someone else's private one). */
export async function findVisibleQuickMessage(db: DbOrTx, companyId: number, userId: number, id: number): Promise<QuickMessageRow> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(and(visibleTo(companyId, userId), eq(quickMessages.id, id)));
  if (!row) throw notFound();
  return row;
}

/** A quick message the caller may change: visible but neither shared nor theirs is 403 (spec 3 §6). */
export async function findEditableQuickMessage(db: DbOrTx, companyId: number, userId: number, id: number): Promise<QuickMessageRow> {
  const row = await findVisibleQuickMessage(db, companyId, userId, id);
  if (!canEditQuickMessage(userId, row)) throw forbidden();
  return row;
}
