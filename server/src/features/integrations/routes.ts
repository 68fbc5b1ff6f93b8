import {
  ConfirmationView,
  IdParam,
  QueueIntegrationInput,
  QueueIntegrationPage,
  QueueIntegrationQuery,
  QueueIntegrationSecretView,
  QueueIntegrationTestResult,
  QueueIntegrationTestSession,
  QueueIntegrationUpdateInput,
  QueueIntegrationView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireAdmin, requirePlan } from '../../http/guards';
import { createIntegration, deleteIntegration, renewSigningSecret, updateIntegration } from './commands/save-integration';
import { testDialogflowSession } from './commands/test-session';
import { findIntegration, listIntegrationsPage } from './queries';
import { presentQueueIntegration } from './presenter';

/**
 * Queue integrations (spec 3 "Queue integrations", §7): admins only (a `user` profile has no access,
 * spec 3 §6), and only while the plan has useIntegrations.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = [app.authenticate, requireAdmin, requireActiveSubscription, requirePlan('useIntegrations')];

  // GET /queueIntegration and GET /queueIntegration/ (the trailing slash is routed away) are one list: paged by pageNumber.
  app.get(
    '/queueIntegration',
    { schema: { querystring: QueueIntegrationQuery, response: { 200: QueueIntegrationPage } }, preHandler: admin },
    async (req) => listIntegrationsPage(req.ctx.db, req.ctx.companyId, req.query),
  );

  app.get(
    '/queueIntegration/:id',
    { schema: { params: IdParam, response: { 200: QueueIntegrationView } }, preHandler: admin },
    async (req) => presentQueueIntegration(await findIntegration(req.ctx.db, req.ctx.companyId, req.params.id)),
  );

  app.post(
    '/queueIntegration',
    { schema: { body: QueueIntegrationInput, response: { 200: QueueIntegrationView } }, preHandler: admin },
    async (req) => createIntegration(req.ctx, req.body),
  );

  app.post(
    '/queueIntegration/testSession',
    { schema: { body: QueueIntegrationTestSession, response: { 200: QueueIntegrationTestResult } }, preHandler: admin },
    async (req) => testDialogflowSession(req.ctx, req.body),
  );

  app.put(
    '/queueIntegration/:id',
    { schema: { params: IdParam, body: QueueIntegrationUpdateInput, response: { 200: QueueIntegrationView } }, preHandler: admin },
    async (req) => updateIntegration(req.ctx, req.params.id, req.body),
  );

  // The signing secret is shown only here, once, when a new one is made (the views never carry it).
  app.post(
    '/queueIntegration/:id/signingSecret',
    { schema: { params: IdParam, response: { 200: QueueIntegrationSecretView } }, preHandler: admin },
    async (req) => renewSigningSecret(req.ctx, req.params.id),
  );

  app.delete(
    '/queueIntegration/:id',
    { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: admin },
    async (req) => {
      await deleteIntegration(req.ctx, req.params.id);
      return { message: 'Integration deleted' };
    },
  );
};
