import { FILE_LISTS_PAGE_SIZE, type FileListPage, type FileListView } from '@chatflow/contract';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type FileListOptionRow, type FileListRow, fileListOptions, fileLists } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentFileList } from './presenter';

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function optionsOf(db: DbOrTx, companyId: number, listIds: readonly number[]): Promise<FileListOptionRow[]> {
  if (listIds.length === 0) return [];
  return db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.fileListId, [...listIds])))
    .orderBy(asc(fileListOptions.id));
}

async function present(db: DbOrTx, companyId: number, rows: readonly FileListRow[]): Promise<FileListView[]> {
  const options = await optionsOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    presentFileList(
      r,
      options.filter((o) => o.fileListId === r.id),
    ),
  );
}

/** GET /files: a page of 20 by name, searched on the name. */
export async function listFileListsPage(
  db: DbOrTx,
  companyId: number,
  f: { searchParam: string; pageNumber: number },
): Promise<FileListPage> {
  const term = f.searchParam.trim();
  const where = and(eq(fileLists.companyId, companyId), term ? ilike(fileLists.name, containsPattern(term)) : undefined);
  const offset = (f.pageNumber - 1) * FILE_LISTS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(fileLists)
    .where(where)
    .orderBy(asc(fileLists.name), asc(fileLists.id))
    .limit(FILE_LISTS_PAGE_SIZE)
    .offset(offset);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(fileLists).where(where);
  return { files: await present(db, companyId, rows), count, hasMore: offset + rows.length < count };
}

/** A file list of the company, or 404 (another company's id looks like a missing one). */
export async function findFileList(db: DbOrTx, companyId: number, id: number): Promise<FileListRow> {
  const [row] = await db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function fileListView(db: DbOrTx, companyId: number, row: FileListRow): Promise<FileListView> {
  const [view] = await present(db, companyId, [row]);
  return view;
}

export async function findFileListView(db: DbOrTx, companyId: number, id: number): Promise<FileListView> {
  return fileListView(db, companyId, await findFileList(db, companyId, id));
}

export async function fileListOptionRows(db: DbOrTx, companyId: number, listId: number): Promise<FileListOptionRow[]> {
  return optionsOf(db, companyId, [listId]);
}
