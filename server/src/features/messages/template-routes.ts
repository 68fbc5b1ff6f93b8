import { MessageView, ReplyWindowView, SendTemplateInput, TicketIdParam } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findVisibleTicket } from '../tickets';
import { sendTemplateMessage } from './commands/send-template';
import { replyWindowOf } from './customer-window';

/** The 24-hour window of a conversation, and the template message that reopens it (WhatsApp Cloud API). */
export const templateMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages/window/:ticketId',
    { schema: { params: TicketIdParam, response: { 200: ReplyWindowView } }, preHandler: app.authenticate },
    async (req) => replyWindowOf(req.ctx.db, await findVisibleTicket(req.ctx, req.params.ticketId), req.ctx.clock.now()),
  );

  app.post(
    '/messages/template/:ticketId',
    { schema: { params: TicketIdParam, body: SendTemplateInput, response: { 200: MessageView } }, preHandler: app.authenticate },
    async (req) => sendTemplateMessage(req.ctx, await findVisibleTicket(req.ctx, req.params.ticketId), req.body),
  );
};
