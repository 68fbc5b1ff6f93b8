import {
  CallMessageInput,
  CopyMessageInput,
  InteractiveTicketParam,
  ListMessageInput,
  MessageView,
  PixMessageInput,
  TicketIdParam,
  UrlMessageInput,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findVisibleTicket } from '../tickets';
import { callButton, copyButton, sendButtonMessage, sendListMessage, sendPixMessage, urlButton } from './commands/interactive';

/** Room for a base64 header image (about 5 MB decoded) on the button routes. */
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

/** Interactive sends of the conversation (spec 1 §2.6 "Lista, URL, Copia, Me Ligue, PIX"). */
export const interactiveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/messages/lista/:ticketId',
    {
      schema: { params: TicketIdParam, body: ListMessageInput, response: { 200: MessageView } },
      preHandler: app.authenticate,
    },
    async (req) => sendListMessage(req.ctx, await findVisibleTicket(req.ctx, req.params.ticketId), req.body),
  );

  app.post(
    '/messages/copy/:id',
    {
      schema: { params: InteractiveTicketParam, body: CopyMessageInput, response: { 200: MessageView } },
      preHandler: app.authenticate,
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (req) => sendButtonMessage(req.ctx, await findVisibleTicket(req.ctx, req.params.id), req.body, copyButton(req.body)),
  );

  app.post(
    '/messages/call/:id',
    {
      schema: { params: InteractiveTicketParam, body: CallMessageInput, response: { 200: MessageView } },
      preHandler: app.authenticate,
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (req) => sendButtonMessage(req.ctx, await findVisibleTicket(req.ctx, req.params.id), req.body, callButton(req.body)),
  );

  app.post(
    '/messages/URL/:id',
    {
      schema: { params: InteractiveTicketParam, body: UrlMessageInput, response: { 200: MessageView } },
      preHandler: app.authenticate,
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (req) => sendButtonMessage(req.ctx, await findVisibleTicket(req.ctx, req.params.id), req.body, urlButton(req.body)),
  );

  app.post(
    '/messages/PIX/:id',
    {
      schema: { params: InteractiveTicketParam, body: PixMessageInput, response: { 200: MessageView } },
      preHandler: app.authenticate,
    },
    async (req) => sendPixMessage(req.ctx, await findVisibleTicket(req.ctx, req.params.id), req.body),
  );
};
