import {
  canSeeConnections,
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
import { requireActiveSubscription, requireActor, requireAdmin, requirePermission } from '../../http/guards';
import { createFlowCampaign, deleteFlowCampaign, updateFlowCampaign } from './commands/save-flow-campaign';
import { presentFlowCampaign } from './presenter';
import { findFlowCampaign, flowChoices, listFlowCampaigns } from './queries';

const FlowChoice = z.object({ id: z.number(), name: z.string(), active: z.boolean() });

/**
 * Phrase campaigns (spec 3 §7 "Flow campaigns"): they start flows on customers' words, so like the flows
 * themselves they are for admins only; deleting also needs contacts-page:deleteContact (spec 3 §6).
 * `GET /flowcampaign/flows` is this product's addition: the flow chooser (id and name only) of this
 * dialog, the integration dialog and the connection dialog's default flows (connection managers, spec 2
 * §2, may open that one), so those screens do not need the flow editor's routes.
 */
export const flowCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = [app.authenticate, requireAdmin];
  const write = [app.authenticate, requireAdmin, requireActiveSubscription];

  app.get(
    '/flowcampaign',
    { schema: { querystring: FlowCampaignListQuery, response: { 200: FlowCampaignList } }, preHandler: read },
    async (req) => ({ flow: (await listFlowCampaigns(req.ctx.db, req.ctx.companyId)).map(presentFlowCampaign) }),
  );

  const chooseFlows = [app.authenticate, requireActor(canSeeConnections)];
  app.get('/flowcampaign/flows', { schema: { response: { 200: z.array(FlowChoice) } }, preHandler: chooseFlows }, async (req) =>
    flowChoices(req.ctx.db, req.ctx.companyId),
  );

  app.get(
    '/flowcampaign/:id',
    { schema: { params: FlowCampaignIdParam, response: { 200: FlowCampaignView } }, preHandler: read },
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
