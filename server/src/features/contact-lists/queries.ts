import {
  CONTACT_LIST_ITEMS_PAGE_SIZE,
  CONTACT_LISTS_PAGE_SIZE,
  type ContactListItemPage,
  type ContactListPage,
  type ContactListView,
} from '@chatflow/contract';
import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ContactListItemRow, type ContactListRow, contactListItems, contactLists } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentContactList, presentContactListItem } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Qualified by hand: in a one-table select Drizzle renders `${contactLists.id}` as a bare "id", which inside the
 * subquery would name the item's own id. The company clause keeps the count on the (company, list) index.
 */
const itemsCount = sql<number>`(select count(*)::int from contact_list_items cli
  where cli.company_id = "contact_lists"."company_id" and cli.contact_list_id = "contact_lists"."id")`;

/** GET /contact-lists: a page of 20 by name, each with its item count. */
export async function listContactListsPage(
  db: DbOrTx,
  companyId: number,
  f: { searchParam: string; pageNumber: number },
): Promise<ContactListPage> {
  const term = f.searchParam.trim();
  const where = and(eq(contactLists.companyId, companyId), term ? ilike(contactLists.name, containsPattern(term)) : undefined);
  const offset = (f.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const rows = await db
    .select({ list: contactLists, count: itemsCount })
    .from(contactLists)
    .where(where)
    .orderBy(asc(contactLists.name), asc(contactLists.id))
    .limit(CONTACT_LISTS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(contactLists).where(where);
  return { records: rows.map((r) => presentContactList(r.list, r.count)), count, hasMore: offset + rows.length < count };
}

/** GET /contact-lists/list: every list of the company (the campaign modal's picker). */
export async function listAllContactLists(db: DbOrTx, companyId: number): Promise<ContactListView[]> {
  const rows = await db
    .select({ list: contactLists, count: itemsCount })
    .from(contactLists)
    .where(eq(contactLists.companyId, companyId))
    .orderBy(asc(contactLists.name), asc(contactLists.id));
  return rows.map((r) => presentContactList(r.list, r.count));
}

/** A list of the caller's company, or 404. */
export async function findContactList(db: DbOrTx, companyId: number, id: number): Promise<ContactListRow> {
  const [row] = await db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function contactListView(db: DbOrTx, companyId: number, id: number): Promise<ContactListView> {
  const [row] = await db
    .select({ list: contactLists, count: itemsCount })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
  if (!row) throw notFound();
  return presentContactList(row.list, row.count);
}

/** GET /contact-list-items: a page of one list, by name, searched on name, number and email. */
export async function listItemsPage(
  db: DbOrTx,
  companyId: number,
  f: { searchParam: string; pageNumber: number; contactListId: number },
): Promise<ContactListItemPage> {
  await findContactList(db, companyId, f.contactListId);
  const term = f.searchParam.trim();
  const where: SQL | undefined = and(
    eq(contactListItems.companyId, companyId),
    eq(contactListItems.contactListId, f.contactListId),
    term
      ? or(
          ilike(contactListItems.name, containsPattern(term)),
          ilike(contactListItems.number, containsPattern(term)),
          ilike(contactListItems.email, containsPattern(term)),
        )
      : undefined,
  );
  const offset = (f.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(contactListItems)
    .where(where)
    .orderBy(asc(contactListItems.name), asc(contactListItems.id))
    .limit(CONTACT_LIST_ITEMS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(contactListItems).where(where);
  return { contacts: rows.map(presentContactListItem), count, hasMore: offset + rows.length < count };
}

export async function findItem(db: DbOrTx, companyId: number, id: number): Promise<ContactListItemRow> {
  const [row] = await db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)));
  if (!row) throw notFound();
  return row;
}
