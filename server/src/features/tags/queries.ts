import { TAGS_PAGE_SIZE, type ContactRef, type TagPage, type TagView } from '@chatflow/contract';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, contactTags, type TagRow, tags } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type ContactViewer, presentContactRef } from '../contacts';
import { presentTag } from './presenter';

/**
 * Contacts carrying the tag, counted by the (tag) index of contact_tags. Written qualified by hand:
 * drizzle renders a column of the selected table without its table name, which inside a subquery
 * would bind to the subquery's own table if it had a column of that name.
 */
const contactsCount = sql<number>`(select count(*)::int from contact_tags ct where ct.tag_id = "tags"."id")`;
const tagColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban, contactsCount };

/** A tag of the company, or 404: another company's id is indistinguishable from an unknown one. */
export async function findCompanyTag(db: DbOrTx, companyId: number, id: number): Promise<TagRow> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function tagView(db: DbOrTx, companyId: number, id: number): Promise<TagView> {
  const [row] = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  if (!row) throw notFound();
  return presentTag(row, row.contactsCount);
}

export async function tagViews(db: DbOrTx, companyId: number, ids: number[]): Promise<TagView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
  return rows.map((r) => presentTag(r, r.contactsCount));
}

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function listWhere(companyId: number, f: { searchParam?: string; kanban?: number }): SQL | undefined {
  const term = f.searchParam?.trim();
  return and(
    eq(tags.companyId, companyId),
    f.kanban === undefined ? undefined : eq(tags.kanban, f.kanban),
    term ? ilike(tags.name, containsPattern(term)) : undefined,
  );
}

/** GET /tags: a page of 20 by name, with each tag's contact count. */
export async function listTagsPage(
  db: DbOrTx,
  companyId: number,
  f: { searchParam: string; pageNumber: number; kanban?: number },
): Promise<TagPage> {
  const where = listWhere(companyId, f);
  const offset = (f.pageNumber - 1) * TAGS_PAGE_SIZE;
  const rows = await db
    .select(tagColumns)
    .from(tags)
    .where(where)
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(TAGS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(tags).where(where);
  return { tags: rows.map((r) => presentTag(r, r.contactsCount)), count, hasMore: offset + rows.length < count };
}

/** GET /tags/list: every tag (or every kanban / plain tag) of the company, for pickers and filters. */
export async function listAllTags(db: DbOrTx, companyId: number, kanban?: number): Promise<TagView[]> {
  const rows = await db.select(tagColumns).from(tags).where(listWhere(companyId, { kanban })).orderBy(asc(tags.name), asc(tags.id));
  return rows.map((r) => presentTag(r, r.contactsCount));
}

/** GET /tags/:id/contacts: the tag contacts modal (id, name, number), numbers under the LGPD rule. */
export async function contactsOfTag(db: DbOrTx, companyId: number, tagId: number, viewer: ContactViewer): Promise<ContactRef[]> {
  await findCompanyTag(db, companyId, tagId);
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, isGroup: contacts.isGroup })
    .from(contactTags)
    .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
    .where(and(eq(contactTags.tagId, tagId), eq(contacts.companyId, companyId)))
    .orderBy(asc(contacts.name), asc(contacts.id));
  return rows.map((r) => presentContactRef(r, viewer));
}
