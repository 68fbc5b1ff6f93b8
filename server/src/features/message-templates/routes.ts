import { canSeeConnections, MessageTemplateList, IdParam } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireActor } from '../../http/guards';
import type { RequestContext } from '../../http/context';
import { presentTemplate } from './presenter';
import { companyConnection, connectionTemplates } from './queries';
import { syncConnectionTemplates } from './sync';

async function templateList(ctx: RequestContext, connectionId: number): Promise<MessageTemplateList> {
  const rows = await connectionTemplates(ctx.db, ctx.companyId, connectionId);
  const syncedAt = rows.reduce<Date | null>((latest, r) => (!latest || r.syncedAt > latest ? r.syncedAt : latest), null);
  return { templates: rows.map(presentTemplate), syncedAt: syncedAt?.toISOString() ?? null };
}

/**
 * A Cloud API connection's WhatsApp templates: the list (any user of the company: agents choose from
 * it in a conversation) and "Sincronizar" (those who manage connections), which reads Meta again.
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whatsapp/:id/templates',
    { schema: { params: IdParam, response: { 200: MessageTemplateList } }, preHandler: app.authenticate },
    async (req) => {
      const connection = await companyConnection(req.ctx.db, req.ctx.companyId, req.params.id);
      return templateList(req.ctx, connection.id);
    },
  );

  app.post(
    '/whatsapp/:id/templates/sync',
    {
      schema: { params: IdParam, response: { 200: MessageTemplateList } },
      preHandler: [app.authenticate, requireActor(canSeeConnections), requireActiveSubscription],
    },
    async (req) => {
      const connection = await companyConnection(req.ctx.db, req.ctx.companyId, req.params.id);
      await syncConnectionTemplates(req.ctx.db, req.ctx.config.meta.graphApiUrl, connection, req.ctx.clock.now());
      return templateList(req.ctx, connection.id);
    },
  );
};
