import { ConfirmationView, IdParam, PlanInput, PlanListQuery, PlanUpdateInput, PlanView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireSuper } from '../../http/guards';
import { createPlan, deletePlan, updatePlan } from './commands';
import { callerIsSuper, optionalAuthenticate } from './optional-auth';
import { presentPlan } from './presenter';
import { findPlan, listPlans } from './service';

/**
 * Plans (spec 2 §7 "Companies, plans, helps"). GET /plans/list is public because the signup page
 * lists plans before anyone logs in: anonymous callers and `listPublic=true` see only public plans;
 * a super user's token sees every plan. Everything else is the super user's.
 */
export const planRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const superOnly = [app.authenticate, requireSuper];

    app.get(
      '/plans/list',
      { schema: { querystring: PlanListQuery, response: { 200: z.array(PlanView) } }, preHandler: optionalAuthenticate(app) },
      async (req) => {
        const onlyPublic = req.query.listPublic === true || !callerIsSuper(req);
        return (await listPlans(deps.db, { onlyPublic })).map(presentPlan);
      },
    );

    app.get('/plans/all', { schema: { response: { 200: z.array(PlanView) } }, preHandler: superOnly }, async (req) =>
      (await listPlans(req.ctx.db, { onlyPublic: false })).map(presentPlan),
    );

    app.get('/plans/:id', { schema: { params: IdParam, response: { 200: PlanView } }, preHandler: superOnly }, async (req) =>
      presentPlan(await findPlan(req.ctx.db, req.params.id)),
    );

    app.post('/plans', { schema: { body: PlanInput, response: { 200: PlanView } }, preHandler: superOnly }, async (req) =>
      presentPlan(await createPlan(req.ctx, req.body)),
    );

    app.put(
      '/plans/:id',
      { schema: { params: IdParam, body: PlanUpdateInput, response: { 200: PlanView } }, preHandler: superOnly },
      async (req) => presentPlan(await updatePlan(req.ctx, req.params.id, req.body)),
    );

    app.delete('/plans/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: superOnly }, async (req) => {
      await deletePlan(req.ctx, req.params.id);
      return { message: 'Plan deleted' };
    });
  };
