import {
  CampaignInput,
  CampaignListQuery,
  CampaignPage,
  CampaignSettingsInput,
  CampaignSettingsView,
  CampaignShippingPage,
  CampaignShippingQuery,
  CampaignView,
  ConfirmationView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireAdmin, requirePlan } from '../../http/guards';
import { attachCampaignMedia, detachCampaignMedia, readCampaignUpload } from './commands/campaign-media';
import { cancelCampaign, restartCampaign } from './commands/cancel-restart';
import { createCampaign, deleteCampaign, updateCampaign } from './commands/save-campaign';
import { campaignView, listCampaignsPage, listShippingPage } from './queries';
import { saveCampaignSettings } from './commands/save-campaign-settings';
import { campaignSettingsView } from './settings';

/**
 * Campaigns and their settings (spec 3 "Campaigns", §6, §7): admins of a company whose plan has
 * useCampaigns (a "user" profile sees the no-permission view, so every route is 403 for it).
 */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, requireActiveSubscription, requirePlan('useCampaigns'), requireAdmin];

  app.get('/campaigns', { schema: { querystring: CampaignListQuery, response: { 200: CampaignPage } }, preHandler: guard }, async (req) =>
    listCampaignsPage(req.ctx.db, req.ctx.companyId, req.query, req.ctx.clock.now()),
  );
  app.get('/campaigns/:id', { schema: { params: IdParam, response: { 200: CampaignView } }, preHandler: guard }, async (req) =>
    campaignView(req.ctx.db, req.ctx.companyId, req.params.id, req.ctx.clock.now()),
  );
  app.get(
    '/campaigns/:id/shipping',
    { schema: { params: IdParam, querystring: CampaignShippingQuery, response: { 200: CampaignShippingPage } }, preHandler: guard },
    async (req) => listShippingPage(req.ctx.db, req.ctx.companyId, req.params.id, req.query.pageNumber),
  );
  app.post('/campaigns', { schema: { body: CampaignInput, response: { 200: CampaignView } }, preHandler: guard }, async (req) =>
    createCampaign(req.ctx, req.body),
  );
  app.put(
    '/campaigns/:id',
    { schema: { params: IdParam, body: CampaignInput, response: { 200: CampaignView } }, preHandler: guard },
    async (req) => updateCampaign(req.ctx, req.params.id, req.body),
  );
  app.delete('/campaigns/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: guard }, async (req) => {
    await deleteCampaign(req.ctx, req.params.id);
    return { message: 'Campaign deleted' };
  });
  app.post(
    '/campaigns/:id/media-upload',
    { schema: { params: IdParam, response: { 200: CampaignView } }, preHandler: guard },
    async (req) => attachCampaignMedia(req.ctx, req.params.id, await readCampaignUpload(req)),
  );
  app.delete(
    '/campaigns/:id/media-upload',
    { schema: { params: IdParam, response: { 200: CampaignView } }, preHandler: guard },
    async (req) => detachCampaignMedia(req.ctx, req.params.id),
  );
  app.post('/campaigns/:id/cancel', { schema: { params: IdParam, response: { 200: CampaignView } }, preHandler: guard }, async (req) =>
    cancelCampaign(req.ctx, req.params.id),
  );
  app.post('/campaigns/:id/restart', { schema: { params: IdParam, response: { 200: CampaignView } }, preHandler: guard }, async (req) =>
    restartCampaign(req.ctx, req.params.id),
  );

  app.get('/campaign-settings', { schema: { response: { 200: CampaignSettingsView } }, preHandler: guard }, async (req) =>
    campaignSettingsView(req.ctx.db, req.ctx.companyId),
  );
  app.post(
    '/campaign-settings',
    { schema: { body: CampaignSettingsInput, response: { 200: CampaignSettingsView } }, preHandler: guard },
    async (req) => saveCampaignSettings(req.ctx, req.body.settings),
  );
};
