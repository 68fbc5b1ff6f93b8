import {
  ConfirmationView,
  IdParam,
  QuickMessageInput,
  QuickMessageListQuery,
  QuickMessagePage,
  QuickMessagePickerQuery,
  QuickMessageUpdateInput,
  QuickMessageView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachQuickMessageMedia, detachQuickMessageMedia } from './commands/quick-message-media';
import { createQuickMessage, deleteQuickMessage, updateQuickMessage } from './commands/save-quick-message';
import { readMediaUpload } from './media-file';
import { presentQuickMessage } from './presenter';
import { findVisibleQuickMessage, listQuickMessagesPage, listVisibleQuickMessages } from './queries';

/**
 * Quick messages (spec 3 "Quick messages", §7). A basic section: every user works with them, under
 * the visibility and owner rules of the contract's canSeeQuickMessage / canEditQuickMessage.
 */
export const quickMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quick-messages',
    { schema: { querystring: QuickMessageListQuery, response: { 200: QuickMessagePage } }, preHandler: app.authenticate },
    async (req) => listQuickMessagesPage(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, req.query),
  );

  app.get(
    '/quick-messages/list',
    { schema: { querystring: QuickMessagePickerQuery, response: { 200: z.array(QuickMessageView) } }, preHandler: app.authenticate },
    async (req) => listVisibleQuickMessages(req.ctx.db, req.ctx.companyId, req.ctx.actor.id),
  );

  app.get(
    '/quick-messages/:id',
    { schema: { params: IdParam, response: { 200: QuickMessageView } }, preHandler: app.authenticate },
    async (req) => presentQuickMessage(await findVisibleQuickMessage(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, req.params.id)),
  );

  app.post(
    '/quick-messages',
    { schema: { body: QuickMessageInput, response: { 200: QuickMessageView } }, preHandler: app.authenticate },
    async (req) => createQuickMessage(req.ctx, req.body),
  );

  app.put(
    '/quick-messages/:id',
    { schema: { params: IdParam, body: QuickMessageUpdateInput, response: { 200: QuickMessageView } }, preHandler: app.authenticate },
    async (req) => updateQuickMessage(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/quick-messages/:id',
    { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: app.authenticate },
    async (req) => {
      await deleteQuickMessage(req.ctx, req.params.id);
      return { message: 'Quick message deleted' };
    },
  );

  app.post(
    '/quick-messages/:id/media-upload',
    { schema: { params: IdParam, response: { 200: QuickMessageView } }, preHandler: app.authenticate },
    async (req) => attachQuickMessageMedia(req.ctx, req.params.id, await readMediaUpload(req)),
  );

  app.delete(
    '/quick-messages/:id/media-upload',
    { schema: { params: IdParam, response: { 200: QuickMessageView } }, preHandler: app.authenticate },
    async (req) => detachQuickMessageMedia(req.ctx, req.params.id),
  );
};
