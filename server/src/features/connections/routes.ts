import {
  type Actor,
  AllConnectionsView,
  canSeeConnections,
  ConfirmationView,
  ConnectionCreateQuery,
  ConnectionInput,
  ConnectionListQuery,
  ConnectionUpdateInput,
  ConnectionView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { requireActiveSubscription, requireActor, requirePlan, requireSuper } from '../../http/guards';
import { readUpload, requireFile } from '../../media';
import { getGlobalSetting } from '../settings';
import { attachGreetingMedia, detachGreetingMedia, regenerateToken } from './commands/token-and-media';
import { createConnection } from './commands/create-connection';
import { deleteConnection } from './commands/delete-connection';
import { updateConnection } from './commands/update-connection';
import { presentConnection } from './presenter';
import { connectionView, findAnyConnection, findConnection, listAllConnections, listConnections, queuesOfConnections } from './queries';
import { sessionRoutes } from './session-routes';
import { actAsQueryCompany, sessionContext, tokenShownIn } from './super-scope';

/** Connection managers (admins, and users with allowConnections: spec 2 §2) see the token. */
const withToken = (actor: Actor) => ({ withToken: canSeeConnections(actor) });

/**
 * Connections (spec 2 §7 "Connections"), the part the inbox needs. Lists and single reads are open
 * to every user of the company (the inbox shows connection names); writes are for connection
 * managers. The company always comes from the token.
 */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = [app.authenticate, requireActor(canSeeConnections), requireActiveSubscription];
  await app.register(sessionRoutes);

  app.get(
    '/whatsapp',
    { schema: { querystring: ConnectionListQuery, response: { 200: z.array(ConnectionView) } }, preHandler: app.authenticate },
    async (req) => {
      const rows = await listConnections(req.ctx.db, req.ctx.companyId, req.query.channel);
      const queues = await queuesOfConnections(
        req.ctx.db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => presentConnection(r, queues.get(r.id) ?? [], withToken(req.ctx.actor)));
    },
  );

  app.get('/whatsapp/:id', { schema: { params: IdParam, response: { 200: ConnectionView } }, preHandler: app.authenticate }, async (req) =>
    connectionView(req.ctx.db, await findConnection(req.ctx.db, req.ctx.companyId, req.params.id), withToken(req.ctx.actor)),
  );

  app.post(
    '/whatsapp',
    {
      schema: { querystring: ConnectionCreateQuery, body: ConnectionInput, response: { 200: ConnectionView } },
      preHandler: [
        app.authenticate,
        requireActor(canSeeConnections),
        actAsQueryCompany,
        requireActiveSubscription,
        requirePlan('useWhatsapp'),
      ],
    },
    async (req) =>
      connectionView(req.ctx.db, await createConnection(req.ctx, req.body), tokenShownIn(req.ctx, canSeeConnections(req.ctx.actor))),
  );

  app.put(
    '/whatsapp/:id',
    { schema: { params: IdParam, body: ConnectionUpdateInput, response: { 200: ConnectionView } }, preHandler: manage },
    async (req) => {
      const ctx = await sessionContext(req.ctx, req.params.id); // the super user's /allConnections edits any company's
      return connectionView(ctx.db, await updateConnection(ctx, req.params.id, req.body), tokenShownIn(ctx, canSeeConnections(ctx.actor)));
    },
  );

  app.get(
    '/whatsapp/all',
    { schema: { response: { 200: AllConnectionsView } }, preHandler: [app.authenticate, requireSuper] },
    async (req) => listAllConnections(req.ctx.db),
  );

  // The super user's /allConnections reads a connection of any company (spec 2 §7 "whatsapp-admin/{id}"), without
  // its token: the token sends messages as that company through the external API, and is shown to its own admins only.
  app.get(
    '/whatsapp-admin/:id',
    { schema: { params: IdParam, response: { 200: ConnectionView } }, preHandler: [app.authenticate, requireSuper] },
    async (req) => connectionView(req.ctx.db, await findAnyConnection(req.ctx.db, req.params.id)),
  );

  app.post('/whatsapp/:id/token', { schema: { params: IdParam, response: { 200: ConnectionView } }, preHandler: manage }, async (req) =>
    connectionView(req.ctx.db, await regenerateToken(req.ctx, req.params.id), withToken(req.ctx.actor)),
  );

  app.post(
    '/whatsapp/:id/media-upload',
    { schema: { params: IdParam, response: { 200: ConnectionView } }, preHandler: manage },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('ERR_INVALID_FILE', 400);
      const limitMb = Number(await getGlobalSetting(req.ctx.db, 'downloadLimit')) || 64;
      const file = requireFile(await readUpload(req, { maxBytes: limitMb * 1024 * 1024 }));
      return connectionView(req.ctx.db, await attachGreetingMedia(req.ctx, req.params.id, file), withToken(req.ctx.actor));
    },
  );

  app.delete(
    '/whatsapp/:id/media-upload',
    { schema: { params: IdParam, response: { 200: ConnectionView } }, preHandler: manage },
    async (req) => connectionView(req.ctx.db, await detachGreetingMedia(req.ctx, req.params.id), withToken(req.ctx.actor)),
  );

  app.delete('/whatsapp/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: manage }, async (req) => {
    await deleteConnection(await sessionContext(req.ctx, req.params.id), req.params.id);
    return { message: 'Whatsapp deleted.' };
  });
};
