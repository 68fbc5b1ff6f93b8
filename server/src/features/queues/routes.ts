import { ConfirmationView, IdParam, QueueInput, QueueUpdateInput, QueueView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription, requireAdmin } from '../../http/guards';
import { createQueue } from './commands/create-queue';
import { deleteQueue } from './commands/delete-queue';
import { updateQueue } from './commands/update-queue';
import { findQueueView, listQueueViews } from './queries';

/**
 * Queues (spec 2 §7 "Queues and chatbot"). The list is open to every user of the company because
 * pickers (transfer, user modal, connections) need it; everything else is the admin's.
 */
export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminWrite = [app.authenticate, requireAdmin, requireActiveSubscription];

  app.get('/queue', { schema: { response: { 200: z.array(QueueView) } }, preHandler: app.authenticate }, async (req) =>
    listQueueViews(req.ctx.db, req.ctx.companyId),
  );

  app.get(
    '/queue/:id',
    { schema: { params: IdParam, response: { 200: QueueView } }, preHandler: [app.authenticate, requireAdmin] },
    async (req) => findQueueView(req.ctx.db, req.ctx.companyId, req.params.id),
  );

  app.post('/queue', { schema: { body: QueueInput, response: { 200: QueueView } }, preHandler: adminWrite }, async (req) =>
    createQueue(req.ctx, req.body),
  );

  app.put(
    '/queue/:id',
    { schema: { params: IdParam, body: QueueUpdateInput, response: { 200: QueueView } }, preHandler: adminWrite },
    async (req) => updateQueue(req.ctx, req.params.id, req.body),
  );

  app.delete('/queue/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: adminWrite }, async (req) => {
    await deleteQueue(req.ctx, req.params.id);
    return { message: 'Queue deleted' };
  });
};
