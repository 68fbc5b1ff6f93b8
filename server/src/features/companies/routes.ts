import {
  CompanySchedulesView,
  coercedId,
  CompanyInput,
  CompanyListItem,
  CompanyPage,
  CompanyPageQuery,
  CompanyPlanView,
  CompanySchedulesInput,
  CompanyUpdateInput,
  CompanyUserInput,
  CompanyView,
  ConfirmationView,
  IdParam,
  UserView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireSuper } from '../../http/guards';
import { presentPlan } from '../plans';
import { findPlan } from '../plans';
import { createCompanyUser } from './commands/company-admin';
import { createCompany } from './commands/create-company';
import { deleteCompany } from './commands/delete-company';
import { renewCompany } from './commands/renew-company';
import { updateCompany } from './commands/update-company';
import { updateCompanySchedules } from './commands/update-schedules';
import { assertReachable } from './policy';
import { presentCompanyListItem } from './presenter';
import { companyPage, findCompanyRow, listCompanies, listCompanyItems, presentCompanyById } from './queries';

const CompanyIdParam = z.object({ companyId: coercedId() });

/**
 * Companies (spec 2 §7 "Companies, plans, helps"). The companies page is the super user's; two
 * routes serve every user for their own company: the plan switches (listPlan) and, for an admin,
 * the company-wide service hours (schedules).
 */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const superOnly = [app.authenticate, requireSuper];

  app.get('/companies', { schema: { response: { 200: z.array(CompanyView) } }, preHandler: superOnly }, async (req) =>
    listCompanies(req.ctx.db, req.ctx.config),
  );

  app.get('/companies/list', { schema: { response: { 200: z.array(CompanyListItem) } }, preHandler: superOnly }, async (req) =>
    (await listCompanyItems(req.ctx.db)).map(presentCompanyListItem),
  );

  app.get(
    '/companiesPlan',
    { schema: { querystring: CompanyPageQuery, response: { 200: CompanyPage } }, preHandler: superOnly },
    async (req) => companyPage(req.ctx.db, req.ctx.config, req.query),
  );

  app.get(
    '/companies/listPlan/:companyId',
    { schema: { params: CompanyIdParam, response: { 200: CompanyPlanView } }, preHandler: app.authenticate },
    async (req) => {
      assertReachable(req.ctx.actor, req.params.companyId);
      const company = await findCompanyRow(req.ctx.db, req.params.companyId);
      return { plan: presentPlan(await findPlan(req.ctx.db, company.planId)) };
    },
  );

  // The super user reads any company; a company's own admin reads its own (spec 2 §6), others get 404.
  app.get(
    '/companies/:id',
    { schema: { params: IdParam, response: { 200: CompanyView } }, preHandler: [app.authenticate, requireAdmin] },
    async (req) => {
      assertReachable(req.ctx.actor, req.params.id);
      return presentCompanyById(req.ctx.db, req.ctx.config, req.params.id);
    },
  );

  app.post('/companies', { schema: { body: CompanyInput, response: { 200: CompanyView } }, preHandler: superOnly }, async (req) => {
    const company = await createCompany(req.ctx, req.body);
    return presentCompanyById(req.ctx.db, req.ctx.config, company.id);
  });

  app.put(
    '/companies/:id',
    { schema: { params: IdParam, body: CompanyUpdateInput, response: { 200: CompanyView } }, preHandler: superOnly },
    async (req) => {
      const company = await updateCompany(req.ctx, req.params.id, req.body);
      return presentCompanyById(req.ctx.db, req.ctx.config, company.id);
    },
  );

  app.delete('/companies/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: superOnly }, async (req) => {
    await deleteCompany(req.ctx, req.params.id);
    return { message: 'Company deleted' };
  });

  app.post('/companies/:id/renew', { schema: { params: IdParam, response: { 200: CompanyView } }, preHandler: superOnly }, async (req) => {
    const company = await renewCompany(req.ctx, req.params.id);
    return presentCompanyById(req.ctx.db, req.ctx.config, company.id);
  });

  app.post(
    '/companies/:id/users',
    { schema: { params: IdParam, body: CompanyUserInput, response: { 200: UserView } }, preHandler: superOnly },
    async (req) => createCompanyUser(req.ctx, req.params.id, req.body),
  );

  app.get(
    '/companies/:id/schedules',
    { schema: { params: IdParam, response: { 200: CompanySchedulesView } }, preHandler: [app.authenticate, requireAdmin] },
    async (req) => {
      assertReachable(req.ctx.actor, req.params.id);
      const company = await findCompanyRow(req.ctx.db, req.params.id);
      return { id: company.id, schedules: company.schedules };
    },
  );

  app.put(
    '/companies/:id/schedules',
    {
      schema: { params: IdParam, body: CompanySchedulesInput, response: { 200: CompanyView } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => {
      assertReachable(req.ctx.actor, req.params.id);
      const company = await updateCompanySchedules(req.ctx, req.params.id, req.body);
      return presentCompanyById(req.ctx.db, req.ctx.config, company.id);
    },
  );
};
