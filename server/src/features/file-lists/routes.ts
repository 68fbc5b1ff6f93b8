import {
  ConfirmationView,
  FileListInput,
  FileListPage,
  FileListQuery,
  FileListUpdateInput,
  FileListView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireAdmin } from '../../http/guards';
import { createFileList, deleteFileList, updateFileList } from './commands/save-file-list';
import { uploadFileListFile } from './commands/upload-file';
import { readFileListUpload } from './media-file';
import { findFileListView, listFileListsPage } from './queries';

/**
 * File lists (spec 3 "File lists", §7): named lists of files a chatbot option sends. A `user`
 * profile has no access (spec 3 §6), so every route is the admin's.
 */
export const fileListRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = [app.authenticate, requireAdmin];
  const adminWrite = [...admin, requireActiveSubscription];

  app.get('/files', { schema: { querystring: FileListQuery, response: { 200: FileListPage } }, preHandler: admin }, async (req) =>
    listFileListsPage(req.ctx.db, req.ctx.companyId, req.query),
  );

  app.get('/files/:id', { schema: { params: IdParam, response: { 200: FileListView } }, preHandler: admin }, async (req) =>
    findFileListView(req.ctx.db, req.ctx.companyId, req.params.id),
  );

  app.post('/files', { schema: { body: FileListInput, response: { 200: FileListView } }, preHandler: adminWrite }, async (req) =>
    createFileList(req.ctx, req.body),
  );

  app.put(
    '/files/:id',
    { schema: { params: IdParam, body: FileListUpdateInput, response: { 200: FileListView } }, preHandler: adminWrite },
    async (req) => updateFileList(req.ctx, req.params.id, req.body),
  );

  app.delete('/files/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: adminWrite }, async (req) => {
    await deleteFileList(req.ctx, req.params.id);
    return { message: 'File list deleted' };
  });

  app.post('/files/uploadList/:id', { schema: { params: IdParam, response: { 200: FileListView } }, preHandler: adminWrite }, async (req) =>
    uploadFileListFile(req.ctx, req.params.id, await readFileListUpload(req)),
  );
};
