import { FileUploadFields, type FileListView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { fileListOptions } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { announceFileList } from '../events';
import { classify, type FileListUpload, removeFile, storeFile } from '../media-file';
import { fileListOptionRows, fileListView, findFileList } from '../queries';

/** The option `fileId` of list `listId`, or 400 on the fileId field (an option of another list or company). */
async function optionOf(db: DbOrTx, companyId: number, listId: number, fileId: number) {
  const option = (await fileListOptionRows(db, companyId, listId)).find((o) => o.id === fileId);
  if (!option) throw new ZodError([{ code: 'custom', path: ['fileId'], message: 'validation.invalid', input: fileId }]);
  return option;
}

/**
 * POST /files/uploadList/{id}: checks the bytes, stores the file under a random name and points the
 * option at it; the option's previous file is removed once the change is committed.
 */
export async function uploadFileListFile(ctx: RequestContext, listId: number, upload: FileListUpload): Promise<FileListView> {
  const companyId = ctx.companyId;
  await findFileList(ctx.db, companyId, listId); // 404 before anything else
  const { fileId } = FileUploadFields.parse({ fileId: upload.fileId });
  await optionOf(ctx.db, companyId, listId, fileId);
  const { ext, mediaType } = await classify(upload);
  const url = await storeFile(ctx.config, companyId, upload.data, ext);
  try {
    return await ctx.transaction(async (tx) => {
      const list = await findFileList(tx, companyId, listId);
      const before = await optionOf(tx, companyId, listId, fileId);
      await tx
        .update(fileListOptions)
        .set({ path: url, mediaType, updatedAt: new Date() })
        .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.id, fileId)));
      const view = await fileListView(tx, companyId, list);
      announceFileList(tx, ctx.realtime, companyId, 'update', view);
      tx.afterCommit(() => removeFile(ctx.config, companyId, before.path));
      return view;
    });
  } catch (err) {
    await removeFile(ctx.config, companyId, url); // the option never pointed at it
    throw err;
  }
}
