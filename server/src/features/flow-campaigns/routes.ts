import {
  ConfirmationView,
  FlowCampaignIdParam,
  FlowCampaignInput,
  FlowCampaignList,
  FlowCampaignListQuery,
  FlowCampaignUpdateInput,
  FlowCampaignView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription, requirePermission } from '../../http/guards';
import { createFlowCampaign, deleteFlowCampaign, updateFlowCampaign } from './commands/save-flow-campaign';
import { presentFlowCampaign } from './presenter';
import { findFlowCampaign, flowChoices, listFlowCampaigns } from './queries';

const FlowChoice = z.object({ id: z.number(), name: z.string(), active: z.boolean() });

/**
 * Phrase campaigns (spec 3 §7 "Flow campaigns"). Spec 3 §6 keeps no profile off the screen; deleting
 * needs contacts-page:deleteContact. `GET /flowcampaign/flows` is this product's addition: the dialog's
 * flow chooser (id and name only), so the screen does not need the flow editor's routes.
 */
export const flowCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const write = [app.authenticate, requireActiveSubscription];

  app.get(
    '/flowcampaign',
    { schema: { querystring: FlowCampaignListQuery, response: { 200: FlowCampaignList } }, preHandler: app.authenticate },
    async (req) => ({ flow: (await listFlowCampaigns(req.ctx.db, req.ctx.companyId)).map(presentFlowCampaign) }),
  );

  app.get('/flowcampaign/flows', { schema: { response: { 200: z.array(FlowChoice) } }, preHandler: app.authenticate }, async (req) =>
    flowChoices(req.ctx.db, req.ctx.companyId),
  );

  app.get(
    '/flowcampaign/:id',
    { schema: { params: FlowCampaignIdParam, response: { 200: FlowCampaignView } }, preHandler: app.authenticate },
    async (req) => presentFlowCampaign(await findFlowCampaign(req.ctx.db, req.ctx.companyId, req.params.id)),
  );

  app.post('/flowcampaign', { schema: { body: FlowCampaignInput, response: { 200: FlowCampaignView } }, preHandler: write }, async (req) =>
    createFlowCampaign(req.ctx, req.body),
  );

  app.put(
    '/flowcampaign',
    { schema: { body: FlowCampaignUpdateInput, response: { 200: FlowCampaignView } }, preHandler: write },
    async (req) => updateFlowCampaign(req.ctx, req.body),
  );

  app.delete(
    '/flowcampaign/:id',
    {
      schema: { params: FlowCampaignIdParam, response: { 200: ConfirmationView } },
      preHandler: [...write, requirePermission('contacts-page:deleteContact')],
    },
    async (req) => {
      await deleteFlowCampaign(req.ctx, req.params.id);
      return { message: 'Frase deletada' };
    },
  );
};
