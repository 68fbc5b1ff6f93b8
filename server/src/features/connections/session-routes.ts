import { canSeeConnections, ClosedImportedView, ConfirmationView, IdParam, PairingCodeInput, PairingCodeView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requireActor } from '../../http/guards';
import { closeImported } from './commands/close-imported';
import { renewLogin } from './commands/renew-login';
import { sessionContext } from './super-scope';
import { disconnectSession, requestPairingCode, restartAllSessions, restartSession, startSession } from './commands/session';

/**
 * Session actions of spec 2 §4/§7 for connection managers: try again, new QR, disconnect, restart
 * all, the pairing code, and closing the tickets an import of old messages opened. Try again, new QR
 * disconnect, the pairing code and closing imported tickets also serve the super user's /allConnections modal, for any company
 * (super-scope.ts). The provider answers through company-{id}-whatsappSession.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = [app.authenticate, requireActor(canSeeConnections), requireActiveSubscription];
  const ok = { 200: ConfirmationView };

  app.post('/whatsappsession/:id', { schema: { params: IdParam, response: ok }, preHandler: manage }, async (req) => {
    await startSession(await sessionContext(req.ctx, req.params.id), req.params.id);
    return { message: 'Starting session.' };
  });

  app.put('/whatsappsession/:id', { schema: { params: IdParam, response: ok }, preHandler: manage }, async (req) => {
    await restartSession(await sessionContext(req.ctx, req.params.id), req.params.id);
    return { message: 'Starting session.' };
  });

  app.delete('/whatsappsession/admin/:id', { schema: { params: IdParam, response: ok }, preHandler: manage }, async (req) => {
    await disconnectSession(await sessionContext(req.ctx, req.params.id), req.params.id);
    return { message: 'Session disconnected.' };
  });

  app.delete('/whatsappsession/:id', { schema: { params: IdParam, response: ok }, preHandler: manage }, async (req) => {
    await renewLogin(req.ctx, req.params.id);
    return { message: 'Session disconnected.' };
  });

  app.post(
    '/whatsappsession/:id/pairing-code',
    { schema: { params: IdParam, body: PairingCodeInput, response: { 200: PairingCodeView } }, preHandler: manage },
    async (req) => ({ code: await requestPairingCode(await sessionContext(req.ctx, req.params.id), req.params.id, req.body.phoneNumber) }),
  );

  app.post(
    '/closedimported/:id',
    { schema: { params: IdParam, response: { 200: ClosedImportedView } }, preHandler: manage },
    async (req) => ({
      message: 'Tickets fechados com sucesso',
      count: await closeImported(await sessionContext(req.ctx, req.params.id), req.params.id),
    }),
  );

  app.post('/whatsapp-restart', { schema: { response: ok }, preHandler: manage }, async (req) => {
    await restartAllSessions(req.ctx);
    return { message: 'Whatsapp restart.' };
  });
};
