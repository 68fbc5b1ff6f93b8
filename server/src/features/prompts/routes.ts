import { ConfirmationView, IdParam, PromptInput, PromptList, PromptUpdateInput, PromptView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireAdmin, requirePlan } from '../../http/guards';
import { createPrompt, deletePrompt, updatePrompt } from './commands/save-prompt';
import { listPrompts, promptView } from './queries';

/** AI prompts (spec 3 "AI prompts", §7): admins only (spec 3 §6), and only while the plan has useOpenAi. */
export const promptRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = [app.authenticate, requireAdmin, requireActiveSubscription, requirePlan('useOpenAi')];

  app.get('/prompt', { schema: { response: { 200: PromptList } }, preHandler: admin }, async (req) => ({
    prompts: await listPrompts(req.ctx.db, req.ctx.companyId),
  }));

  app.get('/prompt/:id', { schema: { params: IdParam, response: { 200: PromptView } }, preHandler: admin }, async (req) =>
    promptView(req.ctx.db, req.ctx.companyId, req.params.id),
  );

  app.post('/prompt', { schema: { body: PromptInput, response: { 200: PromptView } }, preHandler: admin }, async (req) =>
    createPrompt(req.ctx, req.body),
  );

  app.put(
    '/prompt/:id',
    { schema: { params: IdParam, body: PromptUpdateInput, response: { 200: PromptView } }, preHandler: admin },
    async (req) => updatePrompt(req.ctx, req.params.id, req.body),
  );

  app.delete('/prompt/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: admin }, async (req) => {
    await deletePrompt(req.ctx, req.params.id);
    return { message: 'Prompt apagado' };
  });
};
