import {
  ConfirmationView,
  FLOW_UPLOAD_MAX_FILES,
  FlowContentUploadView,
  FlowCreateInput,
  FlowDetailView,
  FlowDuplicateInput,
  FlowListQuery,
  FlowPage,
  FlowRenameInput,
  FlowSaveInput,
  FlowSummaryView,
  FlowUploadedFileView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireAdmin } from '../../http/guards';
import { createFlow, deleteFlow, duplicateFlow, renameFlow } from './commands/manage-flows';
import { saveFlowDocument } from './commands/save-flow-document';
import { presentFlowDetail } from './presenter';
import { findFlow, listFlowsPage } from './queries';
import { FLOW_UPLOAD_KINDS, readFlowUpload, storeFlowMedia } from './uploads';

/**
 * Flow builder (spec 3 "Flow builder", §7). A flow answers customers in the company's name, holds API
 * keys and points its Typebot nodes at any address, so only admins read or change flows (no screen of a
 * `user` profile needs them); like every non-basic section it needs a valid subscription.
 */
export const flowRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = [app.authenticate, requireAdmin, requireActiveSubscription];

  app.get('/flowbuilder', { schema: { querystring: FlowListQuery, response: { 200: FlowPage } }, preHandler: admin }, async (req) =>
    listFlowsPage(req.ctx.db, req.ctx.companyId, req.query),
  );

  app.post('/flowbuilder', { schema: { body: FlowCreateInput, response: { 200: FlowSummaryView } }, preHandler: admin }, async (req) =>
    createFlow(req.ctx, req.body.name),
  );

  app.put('/flowbuilder', { schema: { body: FlowRenameInput, response: { 200: FlowSummaryView } }, preHandler: admin }, async (req) =>
    renameFlow(req.ctx, req.body.flowId, req.body.name, req.body.active),
  );

  app.delete('/flowbuilder/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: admin }, async (req) => {
    await deleteFlow(req.ctx, req.params.id);
    return { message: 'Flow deleted' };
  });

  app.post(
    '/flowbuilder/duplicate',
    { schema: { body: FlowDuplicateInput, response: { 200: FlowSummaryView } }, preHandler: admin },
    async (req) => duplicateFlow(req.ctx, req.body.flowId),
  );

  app.get('/flowbuilder/flow/:id', { schema: { params: IdParam, response: { 200: FlowDetailView } }, preHandler: admin }, async (req) =>
    presentFlowDetail(await findFlow(req.ctx.db, req.ctx.companyId, req.params.id)),
  );

  app.post('/flowbuilder/flow', { schema: { body: FlowSaveInput, response: { 200: FlowDetailView } }, preHandler: admin }, async (req) =>
    saveFlowDocument(req.ctx, req.body.idFlow, { nodes: req.body.nodes, connections: req.body.connections }),
  );

  // Uploads (multipart `medias`): stored in the company's flowbuilder folder; the node keeps the answered `name`.
  app.post('/flowbuilder/content', { schema: { response: { 200: FlowContentUploadView } }, preHandler: admin }, async (req) =>
    storeFlowMedia(req, await readFlowUpload(req, FLOW_UPLOAD_MAX_FILES), FLOW_UPLOAD_KINDS.content),
  );

  app.post('/flowbuilder/img', { schema: { response: { 200: FlowUploadedFileView } }, preHandler: admin }, async (req) => {
    const [stored] = await storeFlowMedia(req, await readFlowUpload(req, 1), FLOW_UPLOAD_KINDS.img);
    return stored;
  });

  app.post('/flowbuilder/audio', { schema: { response: { 200: FlowUploadedFileView } }, preHandler: admin }, async (req) => {
    const [stored] = await storeFlowMedia(req, await readFlowUpload(req, 1), FLOW_UPLOAD_KINDS.audio);
    return stored;
  });
};
