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
import { requireActiveSubscription } from '../../http/guards';
import { createFlow, deleteFlow, duplicateFlow, renameFlow } from './commands/manage-flows';
import { saveFlowDocument } from './commands/save-flow-document';
import { presentFlowDetail } from './presenter';
import { findFlow, listFlowsPage } from './queries';
import { FLOW_UPLOAD_KINDS, readFlowUpload, storeFlowMedia } from './uploads';

/**
 * Flow builder (spec 3 "Flow builder", §7). Spec 3 §6 keeps no profile out of it, so every signed-in
 * user of the company may draw flows; like every non-basic section it needs a valid subscription.
 */
export const flowRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = [app.authenticate, requireActiveSubscription];

  app.get('/flowbuilder', { schema: { querystring: FlowListQuery, response: { 200: FlowPage } }, preHandler: member }, async (req) =>
    listFlowsPage(req.ctx.db, req.ctx.companyId, req.query),
  );

  app.post('/flowbuilder', { schema: { body: FlowCreateInput, response: { 200: FlowSummaryView } }, preHandler: member }, async (req) =>
    createFlow(req.ctx, req.body.name),
  );

  app.put('/flowbuilder', { schema: { body: FlowRenameInput, response: { 200: FlowSummaryView } }, preHandler: member }, async (req) =>
    renameFlow(req.ctx, req.body.flowId, req.body.name),
  );

  app.delete('/flowbuilder/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: member }, async (req) => {
    await deleteFlow(req.ctx, req.params.id);
    return { message: 'Flow deleted' };
  });

  app.post(
    '/flowbuilder/duplicate',
    { schema: { body: FlowDuplicateInput, response: { 200: FlowSummaryView } }, preHandler: member },
    async (req) => duplicateFlow(req.ctx, req.body.flowId),
  );

  app.get('/flowbuilder/flow/:id', { schema: { params: IdParam, response: { 200: FlowDetailView } }, preHandler: member }, async (req) =>
    presentFlowDetail(await findFlow(req.ctx.db, req.ctx.companyId, req.params.id)),
  );

  app.post('/flowbuilder/flow', { schema: { body: FlowSaveInput, response: { 200: FlowDetailView } }, preHandler: member }, async (req) =>
    saveFlowDocument(req.ctx, req.body.idFlow, { nodes: req.body.nodes, connections: req.body.connections }),
  );

  // Uploads (multipart `medias`): stored in the company's flowbuilder folder; the node keeps the answered `name`.
  app.post('/flowbuilder/content', { schema: { response: { 200: FlowContentUploadView } }, preHandler: member }, async (req) =>
    storeFlowMedia(req, await readFlowUpload(req, FLOW_UPLOAD_MAX_FILES), FLOW_UPLOAD_KINDS.content),
  );

  app.post('/flowbuilder/img', { schema: { response: { 200: FlowUploadedFileView } }, preHandler: member }, async (req) => {
    const [stored] = await storeFlowMedia(req, await readFlowUpload(req, 1), FLOW_UPLOAD_KINDS.img);
    return stored;
  });

  app.post('/flowbuilder/audio', { schema: { response: { 200: FlowUploadedFileView } }, preHandler: member }, async (req) => {
    const [stored] = await storeFlowMedia(req, await readFlowUpload(req, 1), FLOW_UPLOAD_KINDS.audio);
    return stored;
  });
};
