import { PassThrough } from 'node:stream';
import {
  canSeeDashboard,
  canSeeRealTime,
  DashboardChartQuery,
  DashboardQuery,
  DashboardView,
  MomentsQuery,
  PanelTicketView,
  ReportTicketParam,
  TicketLogView,
  TicketReportQuery,
  TicketReportView,
  TicketsByDayView,
  TicketsByUserView,
} from '@chatflow/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription, requireActor } from '../../http/guards';
import { dashboardAttendants } from './attendants';
import { ticketsByDay, ticketsByUser } from './charts';
import { dashboardCounters } from './counters';
import { writeAttendantsXlsx, writeReportXlsx } from './exports';
import { panelTickets } from './moments';
import { reportConditions, ticketReport } from './report';
import { reportTicketLogs } from './report-logs';
import { companyTimeZone, defaultPeriod, ticketScope } from './scope';
import { XLSX_MIME } from './xlsx';

const xlsxFile = (name: string) => ({
  description: name,
  content: { [XLSX_MIME]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

/** Sends what `write` puts on the stream as a download; a failure midway ends the response. */
function sendXlsx(req: FastifyRequest, reply: FastifyReply, name: string, write: (out: PassThrough) => Promise<void>) {
  const file = new PassThrough();
  write(file).catch((err) => {
    req.log.error({ err }, `${name} export failed`);
    file.destroy(err);
  });
  return reply.header('content-type', XLSX_MIME).header('content-disposition', `attachment; filename="${name}"`).send(file);
}

/**
 * Dashboard, ticket report and attendance panel (spec 2 §7 "Dashboard, reports, panel"). A profile user
 * counts as admin here through showDashboard (dashboard, report) or allowRealTime (panel).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = [app.authenticate, requireActor(canSeeDashboard), requireActiveSubscription];
  const panel = [app.authenticate, requireActor(canSeeRealTime), requireActiveSubscription];

  /** The figures of the three tabs, for the period and filter of the query. */
  async function dashboard(req: FastifyRequest, q: z.output<typeof DashboardQuery>) {
    const { db, companyId } = req.ctx;
    const timeZone = await companyTimeZone(db, companyId);
    const period = defaultPeriod(timeZone, q);
    const scope = ticketScope(companyId, period, timeZone, q);
    const [counters, attendants] = await Promise.all([
      dashboardCounters(db, companyId, scope, period, timeZone, q.whatsapps),
      dashboardAttendants(db, companyId, scope, q.users),
    ]);
    return { counters, attendants };
  }

  app.get('/dashboard', { schema: { querystring: DashboardQuery, response: { 200: DashboardView } }, preHandler: managers }, (req) =>
    dashboard(req, req.query),
  );

  app.get(
    '/dashboard/attendants/export',
    { schema: { querystring: DashboardQuery, response: { 200: xlsxFile('relatorio-de-atendentes.xlsx') } }, preHandler: managers },
    async (req, reply) => {
      const { attendants } = await dashboard(req, req.query);
      return sendXlsx(req, reply, 'relatorio-de-atendentes.xlsx', (out) => writeAttendantsXlsx(attendants, out));
    },
  );

  const chartScope = async (req: FastifyRequest, q: z.output<typeof DashboardChartQuery>) => {
    const timeZone = await companyTimeZone(req.ctx.db, req.ctx.companyId);
    return { timeZone, scope: ticketScope(req.ctx.companyId, { from: q.initialDate, to: q.finalDate }, timeZone, q) };
  };

  app.get(
    '/dashboard/ticketsUsers',
    { schema: { querystring: DashboardChartQuery, response: { 200: TicketsByUserView } }, preHandler: managers },
    async (req) => ticketsByUser(req.ctx.db, (await chartScope(req, req.query)).scope),
  );

  app.get(
    '/dashboard/ticketsDay',
    { schema: { querystring: DashboardChartQuery, response: { 200: TicketsByDayView } }, preHandler: managers },
    async (req) => {
      const { scope, timeZone } = await chartScope(req, req.query);
      return ticketsByDay(req.ctx.db, scope, timeZone, req.query.initialDate === req.query.finalDate);
    },
  );

  app.get(
    '/ticketreport/reports',
    { schema: { querystring: TicketReportQuery, response: { 200: TicketReportView } }, preHandler: managers },
    async (req) => {
      const timeZone = await companyTimeZone(req.ctx.db, req.ctx.companyId);
      const where = reportConditions(req.ctx.companyId, timeZone, req.query);
      return { ...(await ticketReport(req.ctx.db, where, req.query.page, req.query.pageSize)), timeZone };
    },
  );

  app.get(
    '/ticketreport/export',
    { schema: { querystring: TicketReportQuery, response: { 200: xlsxFile('relatorio-de-atendimentos.xlsx') } }, preHandler: managers },
    async (req, reply) => {
      const timeZone = await companyTimeZone(req.ctx.db, req.ctx.companyId);
      const where = reportConditions(req.ctx.companyId, timeZone, req.query);
      return sendXlsx(req, reply, 'relatorio-de-atendimentos.xlsx', (out) => writeReportXlsx(req.ctx.db, where, timeZone, out));
    },
  );

  app.get(
    '/ticketreport/logs/:ticketId',
    { schema: { params: ReportTicketParam, response: { 200: z.array(TicketLogView) } }, preHandler: managers },
    async (req) => reportTicketLogs(req.ctx.db, req.ctx.companyId, req.params.ticketId),
  );

  app.get(
    '/dashboard/moments',
    { schema: { querystring: MomentsQuery, response: { 200: z.array(PanelTicketView) } }, preHandler: panel },
    async (req) => {
      const timeZone = await companyTimeZone(req.ctx.db, req.ctx.companyId);
      const q = req.query;
      // A 30-day window ending today (spec 2 §7) unless the query names its days.
      const window = defaultPeriod(timeZone, q.dateStart || q.dateEnd ? { date_from: q.dateStart, date_to: q.dateEnd } : { days: 30 });
      return panelTickets(req.ctx.db, req.ctx.companyId, window, timeZone, q);
    },
  );

  // Clients of this product family (spec 2 §7 "GET /usersMoments") read the open and pending tickets with
  // their user, contact, queue and connection: the panel's tickets, without its 30-day window.
  app.get('/usersMoments', { schema: { response: { 200: z.array(PanelTicketView) } }, preHandler: panel }, async (req) =>
    panelTickets(req.ctx.db, req.ctx.companyId, null, '', { queueIds: [] }),
  );
};
