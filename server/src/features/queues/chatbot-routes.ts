import { ChatbotCreateInput, ChatbotListQuery, ChatbotOptionView, ChatbotUpdateInput, ConfirmationView, IdParam } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription, requireAdmin } from '../../http/guards';
import {
  createChatbotOption,
  deleteChatbotOption,
  findChatbotOption,
  listChatbotTrees,
  updateChatbotOption,
} from './commands/chatbot-options';

/**
 * /chatbot (spec 2 §7 "Queues and chatbot"): one option of a queue's menu at a time, for clients
 * that edit the tree piece by piece. The queue modal saves the whole tree through the queue instead.
 */
export const chatbotRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = [app.authenticate, requireAdmin];
  const adminWrite = [...admin, requireActiveSubscription];

  app.get(
    '/chatbot',
    { schema: { querystring: ChatbotListQuery, response: { 200: z.array(ChatbotOptionView) } }, preHandler: admin },
    async (req) => listChatbotTrees(req.ctx, req.query.queueId),
  );

  app.get('/chatbot/:id', { schema: { params: IdParam, response: { 200: ChatbotOptionView } }, preHandler: admin }, async (req) =>
    findChatbotOption(req.ctx, req.params.id),
  );

  app.post(
    '/chatbot',
    { schema: { body: ChatbotCreateInput, response: { 200: ChatbotOptionView } }, preHandler: adminWrite },
    async (req) => createChatbotOption(req.ctx, req.body),
  );

  app.put(
    '/chatbot/:id',
    { schema: { params: IdParam, body: ChatbotUpdateInput, response: { 200: ChatbotOptionView } }, preHandler: adminWrite },
    async (req) => updateChatbotOption(req.ctx, req.params.id, req.body),
  );

  app.delete('/chatbot/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: adminWrite }, async (req) => {
    await deleteChatbotOption(req.ctx, req.params.id);
    return { message: 'Chatbot option deleted' };
  });
};
