import type { FileListChanges, FileListData, FileListView } from '@chatflow/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { fileListOptions, fileLists } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceFileList, announceFileListDeleted } from '../events';
import { removeFile } from '../media-file';
import { fileListOptionRows, fileListView, findFileList } from '../queries';

type OptionInput = FileListData['options'][number];

/**
 * Makes `options` the list's files: an option sent with its id keeps its id and uploaded file (only
 * its name changes), a new one starts without a file, and the ones left out are deleted. Returns the
 * stored urls of the deleted ones, removed from disk once the change is committed.
 */
async function replaceOptions(tx: Tx, companyId: number, listId: number, options: readonly OptionInput[]): Promise<string[]> {
  const current = await fileListOptionRows(tx, companyId, listId);
  const byId = new Map(current.map((o) => [o.id, o]));
  const kept = new Set<number>();
  for (const o of options) {
    if (o.id !== undefined && byId.has(o.id) && !kept.has(o.id)) {
      kept.add(o.id);
      await tx.update(fileListOptions).set({ name: o.name, updatedAt: new Date() }).where(eq(fileListOptions.id, o.id));
    } else {
      await tx.insert(fileListOptions).values({ companyId, fileListId: listId, name: o.name });
    }
  }
  const gone = current.filter((o) => !kept.has(o.id));
  if (gone.length)
    await tx.delete(fileListOptions).where(
      inArray(
        fileListOptions.id,
        gone.map((o) => o.id),
      ),
    );
  return gone.map((o) => o.path).filter(Boolean);
}

/** POST /files: the caller becomes the owner. */
export async function createFileList(ctx: RequestContext, input: FileListData): Promise<FileListView> {
  const companyId = ctx.companyId;
  return ctx.transaction(async (tx) => {
    const [row] = await tx
      .insert(fileLists)
      .values({ companyId, userId: ctx.actor.id, name: input.name, message: input.message })
      .returning();
    await replaceOptions(tx, companyId, row.id, input.options);
    const view = await fileListView(tx, companyId, row);
    announceFileList(tx, ctx.realtime, companyId, 'create', view);
    return view;
  });
}

/** PUT /files/{id}: sent fields change; a sent `options` is the whole list of files. */
export async function updateFileList(ctx: RequestContext, id: number, changes: FileListChanges): Promise<FileListView> {
  const companyId = ctx.companyId;
  return ctx.transaction(async (tx) => {
    await findFileList(tx, companyId, id);
    const fields = {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.message === undefined ? {} : { message: changes.message }),
    };
    const [row] = await tx
      .update(fileLists)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)))
      .returning();
    const removed = changes.options ? await replaceOptions(tx, companyId, id, changes.options) : [];
    const view = await fileListView(tx, companyId, row);
    announceFileList(tx, ctx.realtime, companyId, 'update', view);
    tx.afterCommit(async () => {
      await Promise.all(removed.map((url) => removeFile(ctx.config, companyId, url)));
    });
    return view;
  });
}

/** DELETE /files/{id}: options go through the foreign key; chatbot options pointing here lose their target (set null). */
export async function deleteFileList(ctx: RequestContext, id: number): Promise<void> {
  const companyId = ctx.companyId;
  await ctx.transaction(async (tx) => {
    await findFileList(tx, companyId, id);
    const files = (await fileListOptionRows(tx, companyId, id)).map((o) => o.path).filter(Boolean);
    await tx.delete(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
    announceFileListDeleted(tx, ctx.realtime, companyId, id);
    tx.afterCommit(async () => {
      await Promise.all(files.map((url) => removeFile(ctx.config, companyId, url)));
    });
  });
}
