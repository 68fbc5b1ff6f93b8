import {
  ConfirmationView,
  ContactTicketPage,
  IdParam,
  PageQuery,
  TicketCloseAllInput,
  TicketCloseAllResult,
  TicketCounts,
  TicketCountsQuery,
  TicketCreateInput,
  TicketDetailView,
  TicketListQuery,
  TicketLogView,
  TicketPage,
  TicketPathParam,
  TicketReadResult,
  TicketUpdateInput,
  TicketUuidParam,
  TicketView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requirePermission } from '../../http/guards';
import { requireWorkHours } from '../../http/work-hours';
import { annotationRoutes } from './annotation-routes';
import { closeAllTickets, deleteTicket } from './commands/admin-actions';
import { createTicket } from './commands/create-ticket';
import { markTicketRead } from './commands/mark-read';
import { updateTicket } from './commands/update-ticket';
import type { SendTicketText } from './transitions/step';
import { findVisibleTicket } from './find';
import { loadTicketView } from './loader';
import { listTicketLogs, logAccess } from './logs';
import { ticketObservations } from './notes';
import { countTickets } from './queries/counts';
import { listTickets } from './queries/list';
import { listContactTickets } from './queries/contact-tickets';

/**
 * Tickets (spec 1 §7 Tickets). Tickets are a basic section: they work whatever the subscription.
 * Every read goes through visibility (canSeeTicket); another company's or a hidden ticket is 404.
 * Our additions: GET /tickets/counts (tab badges) and POST /tickets/{id}/read (unread reset).
 */
/** `sendTicketText` is the messages feature's (the composition root passes it: tickets sit below messages). */
export const ticketRoutes =
  (deps: { db: Db; sendTicketText: SendTicketText }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tickets',
      { schema: { querystring: TicketListQuery, response: { 200: TicketPage } }, preHandler: app.authenticate },
      async (req) => listTickets(req.ctx, req.query),
    );

    app.get(
      '/tickets/counts',
      { schema: { querystring: TicketCountsQuery, response: { 200: TicketCounts } }, preHandler: app.authenticate },
      async (req) => countTickets(req.ctx, req.query),
    );

    app.get(
      '/tickets/u/:uuid',
      { schema: { params: TicketUuidParam, response: { 200: TicketDetailView.nullable() } }, preHandler: app.authenticate },
      async (req) => {
        const ticket = await findVisibleTicket(req.ctx, req.params.uuid);
        await logAccess(req.ctx, ticket);
        const view = await loadTicketView(req.ctx.db, req.ctx.companyId, ticket.id, req.ctx.actor);
        return view && { ...view, observations: await ticketObservations(req.ctx.db, ticket.id) };
      },
    );

    app.get(
      '/tickets/:id',
      { schema: { params: IdParam, response: { 200: TicketView.nullable() } }, preHandler: app.authenticate },
      async (req) => {
        const ticket = await findVisibleTicket(req.ctx, req.params.id);
        return loadTicketView(req.ctx.db, req.ctx.companyId, ticket.id, req.ctx.actor);
      },
    );

    app.post(
      '/tickets',
      { schema: { body: TicketCreateInput, response: { 200: TicketView } }, preHandler: [app.authenticate, requireWorkHours] },
      async (req) => createTicket(req.ctx, req.body),
    );

    app.put(
      '/tickets/:id',
      {
        schema: { params: IdParam, body: TicketUpdateInput, response: { 200: TicketView } },
        preHandler: [app.authenticate, requireWorkHours],
      },
      async (req) => updateTicket(req.ctx, req.params.id, req.body, deps.sendTicketText),
    );

    app.post(
      '/tickets/:id/read',
      { schema: { params: IdParam, response: { 200: TicketReadResult } }, preHandler: app.authenticate },
      async (req) => {
        await markTicketRead(req.ctx, await findVisibleTicket(req.ctx, req.params.id));
        return { ticketId: req.params.id, unreadMessages: 0 };
      },
    );

    app.delete(
      '/tickets/:id',
      {
        schema: { params: IdParam, response: { 200: ConfirmationView } },
        preHandler: [app.authenticate, requirePermission('ticket-options:deleteTicket')],
      },
      async (req) => {
        await deleteTicket(req.ctx, req.params.id);
        return { message: 'ticket deleted' };
      },
    );

    app.post(
      '/tickets/closeAll',
      {
        schema: { body: TicketCloseAllInput, response: { 200: TicketCloseAllResult } },
        preHandler: [app.authenticate, requirePermission('tickets-manager:closeAll')],
      },
      async (req) => closeAllTickets(req.ctx, req.body),
    );

    app.get(
      '/contacts/:id/tickets',
      {
        schema: { params: IdParam, querystring: PageQuery.pick({ pageNumber: true }), response: { 200: ContactTicketPage } },
        preHandler: app.authenticate,
      },
      async (req) => listContactTickets(req.ctx, req.params.id, req.query.pageNumber),
    );

    app.get(
      '/tickets-log/:ticketId',
      { schema: { params: TicketPathParam, response: { 200: z.array(TicketLogView) } }, preHandler: app.authenticate },
      async (req) => listTicketLogs(req.ctx.db, (await findVisibleTicket(req.ctx, req.params.ticketId)).id),
    );

    await app.register(annotationRoutes);
  };
