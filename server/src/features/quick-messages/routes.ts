import { IdParam, QuickMessageInput, QuickMessageListQuery, QuickMessagePickerQuery, QuickMessageUpdateInput } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  for (const url of ['/quick-messages', '/quick-messages/']) {
    app.get(url, { schema: { querystring: QuickMessageListQuery }, preHandler: app.authenticate }, async (req) =>
      listQuickMessagesPage(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, req.query),
    );
  }

  app.get('/quick-messages/list', { schema: { querystring: QuickMessagePickerQuery }, preHandler: app.authenticate }, async (req) =>
    listVisibleQuickMessages(req.ctx.db, req.ctx.companyId, req.ctx.actor.id),
  );

  app.get('/quick-messages/:id', { schema: { params: IdParam }, preHandler: app.authenticate }, async (req) =>
    presentQuickMessage(await findVisibleQuickMessage(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, req.params.id)),
  );

  app.post('/quick-messages', { schema: { body: QuickMessageInput }, preHandler: app.authenticate }, async (req) =>
    createQuickMessage(req.ctx, req.body),
  );

  app.put(
    '/quick-messages/:id',
    { schema: { params: IdParam, body: QuickMessageUpdateInput }, preHandler: app.authenticate },
    async (req) => updateQuickMessage(req.ctx, req.params.id, req.body),
  );

  app.delete('/quick-messages/:id', { schema: { params: IdParam }, preHandler: app.authenticate }, async (req) => {
    await deleteQuickMessage(req.ctx, req.params.id);
    return { message: 'Quick message deleted' };
  });

  app.post('/quick-messages/:id/media-upload', { schema: { params: IdParam }, preHandler: app.authenticate }, async (req) =>
    attachQuickMessageMedia(req.ctx, req.params.id, await readMediaUpload(req)),
  );

  app.delete('/quick-messages/:id/media-upload', { schema: { params: IdParam }, preHandler: app.authenticate }, async (req) =>
    detachQuickMessageMedia(req.ctx, req.params.id),
  );
};
