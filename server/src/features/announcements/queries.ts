import { ANNOUNCEMENTS_PAGE_SIZE, type Actor, type AnnouncementPage } from '@chatflow/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AnnouncementRow, announcements } from '../../db/schema';
import { notFound } from '../../http/errors';
import { canSeeAnnouncement } from './policy';
import { presentAnnouncement } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters, not a pattern. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL form of canSeeAnnouncement: the super company sees every announcement, others the active ones. */
const visibleTo = (actor: Pick<Actor, 'super'>) => (actor.super ? undefined : eq(announcements.status, true));

/** GET /announcements: newest first, searched on title and text. */
export async function listAnnouncementsPage(
  db: DbOrTx,
  actor: Pick<Actor, 'super'>,
  f: { searchParam: string; pageNumber: number },
): Promise<AnnouncementPage> {
  const term = f.searchParam.trim();
  const where = and(
    visibleTo(actor),
    term ? or(ilike(announcements.title, containsPattern(term)), ilike(announcements.text, containsPattern(term))) : undefined,
  );
  const offset = (f.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.id))
    .limit(ANNOUNCEMENTS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(announcements).where(where);
  return { records: rows.map(presentAnnouncement), count, hasMore: offset + rows.length < count };
}

/** One announcement the caller may see, or 404 (an inactive one, for anyone but the super company). */
export async function findAnnouncement(db: DbOrTx, actor: Pick<Actor, 'super'>, id: number): Promise<AnnouncementRow> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row || !canSeeAnnouncement(actor, row)) throw notFound();
  return row;
}
