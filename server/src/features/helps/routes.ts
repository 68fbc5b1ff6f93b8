import { ConfirmationView, HelpInput, HelpView, IdParam } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSuper } from '../../http/guards';
import { presentHelp } from './presenter';
import { createHelp, deleteHelp, findHelp, listHelps, updateHelp } from './service';

/**
 * Help videos (spec 3 §7 "Help videos"). Every logged-in user reads /helps/list (the menu entry
 * shows only when it is not empty); the help list's administration is the super user's (spec 2 §2).
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const superOnly = [app.authenticate, requireSuper];

  app.get('/helps/list', { schema: { response: { 200: z.array(HelpView) } }, preHandler: app.authenticate }, async (req) =>
    (await listHelps(req.ctx.db)).map(presentHelp),
  );

  app.get('/helps', { schema: { response: { 200: z.array(HelpView) } }, preHandler: superOnly }, async (req) =>
    (await listHelps(req.ctx.db)).map(presentHelp),
  );

  app.get('/helps/:id', { schema: { params: IdParam, response: { 200: HelpView } }, preHandler: superOnly }, async (req) =>
    presentHelp(await findHelp(req.ctx.db, req.params.id)),
  );

  app.post('/helps', { schema: { body: HelpInput, response: { 200: HelpView } }, preHandler: superOnly }, async (req) =>
    presentHelp(await createHelp(req.ctx, req.body)),
  );

  app.put('/helps/:id', { schema: { params: IdParam, body: HelpInput, response: { 200: HelpView } }, preHandler: superOnly }, async (req) =>
    presentHelp(await updateHelp(req.ctx, req.params.id, req.body)),
  );

  app.delete('/helps/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: superOnly }, async (req) => {
    await deleteHelp(req.ctx, req.params.id);
    return { message: 'Help deleted' };
  });
};
