import {
  canSeeDashboard,
  EditMessageInput,
  ForwardMessageInput,
  ForwardResult,
  IdParam,
  MessageCountView,
  MessageListParams,
  MessageListQuery,
  MessagePage,
  MessagesAllMeQuery,
  MessageView,
  SendMediaResult,
  SendMessageInput,
  TicketIdParam,
  TranscribeParams,
  TranscriptionView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../http/guards';
import { requireWorkHours } from '../../http/work-hours';
import { findVisibleTicket } from '../tickets';
import { deleteMessage, editMessage } from './commands/edit-delete';
import { forwardMessages } from './commands/forward';
import { sendMediaMessages } from './commands/send-media';
import { sendTextMessage } from './commands/send-text';
import { interactiveRoutes } from './interactive-routes';
import { templateMessageRoutes } from './template-routes';
import { presentMessages } from './presenter';
import { countCompanyMessages, listTicketMessages } from './queries';
import { transcribeAudio } from './transcription';

/**
 * The conversation's messages (spec 1 §7 Messages). Every route acts inside the caller's company
 * and on tickets the caller may see; anything else is 404.
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages/:ticketUuid',
    {
      schema: { params: MessageListParams, querystring: MessageListQuery, response: { 200: MessagePage } },
      preHandler: app.authenticate,
    },
    async (req): Promise<MessagePage> => {
      const ticket = await findVisibleTicket(req.ctx, req.params.ticketUuid);
      const { rows, hasMore } = await listTicketMessages(req.ctx.db, ticket, req.query.pageNumber);
      return { messages: await presentMessages(req.ctx.db, ticket, rows), hasMore };
    },
  );

  // JSON (text, private note, quoted reply, contact card) or multipart (files with captions).
  app.post(
    '/messages/:ticketId',
    {
      schema: { params: TicketIdParam, response: { 200: z.union([MessageView, SendMediaResult]) } },
      preHandler: [app.authenticate, requireWorkHours],
    },
    async (req): Promise<MessageView | SendMediaResult> => {
      const ticket = await findVisibleTicket(req.ctx, req.params.ticketId);
      if (req.isMultipart()) return { messages: await sendMediaMessages(req.ctx, ticket, req) };
      return sendTextMessage(req.ctx, ticket, SendMessageInput.parse(req.body ?? {}));
    },
  );

  app.post(
    '/messages/edit/:id',
    {
      schema: { params: IdParam, body: EditMessageInput, response: { 200: MessageView } },
      preHandler: app.authenticate,
    },
    async (req) => editMessage(req.ctx, req.params.id, req.body.body),
  );

  app.delete(
    '/messages/:id',
    {
      schema: { params: IdParam, response: { 200: MessageView } },
      preHandler: app.authenticate,
    },
    async (req) => deleteMessage(req.ctx, req.params.id),
  );

  app.post(
    '/message/forward',
    {
      schema: { body: ForwardMessageInput, response: { 200: ForwardResult } },
      preHandler: app.authenticate,
    },
    async (req) => forwardMessages(req.ctx, req.body),
  );

  app.get(
    '/messages/transcribeAudio/:file',
    {
      schema: { params: TranscribeParams, response: { 200: TranscriptionView } },
      preHandler: app.authenticate,
    },
    async (req) => transcribeAudio(req.ctx, req.params.file),
  );

  // Company-wide counters feed the dashboard, so they follow its rule.
  app.get(
    '/messages-allMe',
    {
      schema: { querystring: MessagesAllMeQuery, response: { 200: MessageCountView } },
      preHandler: [app.authenticate, requireActor(canSeeDashboard)],
    },
    async (req) => ({ count: await countCompanyMessages(req.ctx.db, req.ctx.companyId, req.query) }),
  );

  await app.register(interactiveRoutes);
  await app.register(templateMessageRoutes);
};
