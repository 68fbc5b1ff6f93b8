import {
  CONTACTS_PAGE_SIZE,
  type ContactPage,
  type ContactRef,
  type ContactView,
  contactDigits,
  SEARCH_COUNT_CAP,
  type TagRef,
} from '@chatflow/contract';
import { and, asc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { connections, type ContactRow, contactExtraInfo, contacts, contactTags, tags } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type ContactRelations, type ContactViewer, presentContact, presentContactRef } from './presenter';

export const contactNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 404);

/** A contact of the company, or 404: another company's id is indistinguishable from an unknown one. */
export async function findCompanyContact(db: DbOrTx, companyId: number, id: number): Promise<ContactRow> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
  if (!row) throw contactNotFound();
  return row;
}

/** Extra info, tags and origin connection of several contacts in three queries (no N+1 on lists). */
export async function relationsOf(db: DbOrTx, rows: ContactRow[]): Promise<Map<number, ContactRelations>> {
  const map = new Map<number, Required<ContactRelations>>(rows.map((r) => [r.id, { extraInfo: [], tags: [], whatsapp: null }]));
  if (rows.length === 0) return map;
  const ids = rows.map((r) => r.id);
  const connectionIds = [...new Set(rows.flatMap((r) => (r.connectionId ? [r.connectionId] : [])))];
  // One after the other: on a transaction the queries share one connection anyway.
  const info = await db.select().from(contactExtraInfo).where(inArray(contactExtraInfo.contactId, ids)).orderBy(asc(contactExtraInfo.id));
  const tagRows = await db
    .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(inArray(contactTags.contactId, ids))
    .orderBy(asc(tags.name), asc(tags.id));
  const conns = connectionIds.length
    ? await db.select({ id: connections.id, name: connections.name }).from(connections).where(inArray(connections.id, connectionIds))
    : [];
  for (const e of info) map.get(e.contactId)?.extraInfo.push(e);
  for (const t of tagRows) map.get(t.contactId)?.tags.push({ id: t.id, name: t.name, color: t.color });
  const byId = new Map(conns.map((c) => [c.id, c]));
  for (const r of rows) {
    const rel = map.get(r.id);
    if (rel && r.connectionId) rel.whatsapp = byId.get(r.connectionId) ?? null;
  }
  return map;
}

export async function contactViews(db: DbOrTx, rows: ContactRow[], viewer: ContactViewer): Promise<ContactView[]> {
  const rel = await relationsOf(db, rows);
  return rows.map((r) => presentContact(r, rel.get(r.id), viewer));
}

export async function contactView(db: DbOrTx, row: ContactRow, viewer: ContactViewer): Promise<ContactView> {
  return (await contactViews(db, [row], viewer))[0];
}

export async function tagsOfContact(db: DbOrTx, contactId: number): Promise<TagRef[]> {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color })
    .from(contactTags)
    .innerJoin(tags, eq(tags.id, contactTags.tagId))
    .where(eq(contactTags.contactId, contactId))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ContactFilters {
  searchParam: string;
  pageNumber: number;
  contactTag?: number[];
  channel?: ContactRow['channel'];
  isGroup?: boolean;
}

/**
 * Name, e-mail or number contains the term, accents and case ignored (the number also compared digits
 * to digits): the term folded by chatflow_fold as search_text is, and contacts_search_text_trgm_idx indexes it.
 */
function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  const patterns = [...new Set([term, contactDigits(term)].filter(Boolean))].map(containsPattern);
  return or(...patterns.map((p) => sql`${contacts.searchText} like chatflow_fold(${p})`));
}

/** Counts a search's matches up to SEARCH_COUNT_CAP (like the tickets list's); the plain list counts all. */
async function countContacts(db: DbOrTx, where: SQL | undefined, searching: boolean): Promise<number> {
  if (!searching) {
    const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(contacts).where(where);
    return count;
  }
  const capped = db.select({ one: sql`1` }).from(contacts).where(where).limit(SEARCH_COUNT_CAP).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(capped);
  return row?.n ?? 0;
}

/** GET /contacts: a page of 20 by name; any of the chosen tags; count and hasMore for the infinite list. */
export async function listContactsPage(db: DbOrTx, companyId: number, f: ContactFilters, viewer: ContactViewer): Promise<ContactPage> {
  const term = f.searchParam.trim();
  const conditions: (SQL | undefined)[] = [eq(contacts.companyId, companyId), searchCondition(term)];
  if (f.channel) conditions.push(eq(contacts.channel, f.channel));
  if (f.isGroup !== undefined) conditions.push(eq(contacts.isGroup, f.isGroup));
  if (f.contactTag?.length) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(contactTags)
          .where(and(eq(contactTags.contactId, contacts.id), inArray(contactTags.tagId, f.contactTag))),
      ),
    );
  }
  const where = and(...conditions);
  const offset = (f.pageNumber - 1) * CONTACTS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(contacts)
    .where(where)
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(CONTACTS_PAGE_SIZE)
    .offset(offset);
  const count = await countContacts(db, where, term !== '');
  // A capped count cannot tell where the matches end: a full page may always have a next one.
  const hasMore = count >= SEARCH_COUNT_CAP && term !== '' ? rows.length === CONTACTS_PAGE_SIZE : offset + rows.length < count;
  return { contacts: await contactViews(db, rows, viewer), count, hasMore };
}

/** GET /contacts/list: every contact of the company, reduced to what a picker shows. */
export async function listContactRefs(db: DbOrTx, companyId: number, viewer: ContactViewer): Promise<ContactRef[]> {
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, isGroup: contacts.isGroup })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.name), asc(contacts.id));
  return rows.map((r) => presentContactRef(r, viewer));
}

/** The company's contact with that number; a WhatsApp contact first when several channels share it. */
export async function findContactByNumber(db: DbOrTx, companyId: number, number: string): Promise<ContactRow | null> {
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
    .orderBy(sql`case when ${contacts.channel} = 'whatsapp' then 0 else 1 end`, asc(contacts.id))
    .limit(1);
  return rows[0] ?? null;
}

/** Contacts of the company with the given ids (others' ids are simply absent). */
export async function companyContactsByIds(db: DbOrTx, companyId: number, ids: number[]): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)));
}
