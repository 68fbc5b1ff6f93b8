import {
  KanbanBoard,
  KanbanLaneQuery,
  KanbanTicketsQuery,
  LaneView,
  TicketPathParam,
  TicketTagParams,
  TicketTagsDeleteQuery,
  TicketView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlan } from '../../http/guards';
import { kanbanBoard } from './board';
import { putTicketTag, removeTicketTags } from './commands/ticket-tags';
import { listLanes } from './lanes';

/**
 * Kanban (spec 3 "Kanban", §7 "Tags and kanban"). Every user of a company whose plan has useKanban
 * reads the board; the cards are the tickets the user may see. Lanes are tags (kanban = 1): their
 * CRUD is the tags routes'. Ticket tags (the card move, the conversation's tags box) are open to
 * whoever sees the ticket.
 */
export const kanbanRoutes: FastifyPluginAsyncZod = async (app) => {
  const board = [app.authenticate, requirePlan('useKanban')];

  app.get(
    '/tag/kanban',
    { schema: { querystring: KanbanLaneQuery, response: { 200: z.object({ lista: z.array(LaneView) }) } }, preHandler: board },
    async (req) => ({ lista: await listLanes(req.ctx.db, req.ctx.companyId, req.query.searchParam) }),
  );

  app.get(
    '/ticket/kanban',
    { schema: { querystring: KanbanTicketsQuery, response: { 200: KanbanBoard } }, preHandler: board },
    async (req) => kanbanBoard(req.ctx, req.query),
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { schema: { params: TicketTagParams, response: { 200: TicketView } }, preHandler: app.authenticate },
    async (req) => putTicketTag(req.ctx, req.params.ticketId, req.params.tagId),
  );

  app.delete(
    '/ticket-tags/:ticketId',
    {
      schema: { params: TicketPathParam, querystring: TicketTagsDeleteQuery, response: { 200: TicketView } },
      preHandler: app.authenticate,
    },
    async (req) => removeTicketTags(req.ctx, req.params.ticketId, req.query.kanban),
  );
};
