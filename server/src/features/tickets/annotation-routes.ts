import {
  ConfirmationView,
  IdParam,
  TicketNoteInput,
  TicketNoteListQuery,
  TicketNoteView,
  TicketPathParam,
  TicketTagParams,
  TicketView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addTicketNote, deleteTicketNote, listTicketNotes } from './notes';
import { changeTicketTags } from './ticket-tags';

/**
 * What agents attach to a ticket: notes (observations, spec 1 §7), open to anyone who sees the
 * ticket, deleted by their author or an admin; and tags (spec 3 "Tags and kanban").
 */
export const annotationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ticket-notes',
    { schema: { body: TicketNoteInput, response: { 200: TicketNoteView } }, preHandler: app.authenticate },
    async (req) => addTicketNote(req.ctx, req.body),
  );

  app.get(
    '/ticket-notes/list',
    { schema: { querystring: TicketNoteListQuery, response: { 200: z.array(TicketNoteView) } }, preHandler: app.authenticate },
    async (req) => listTicketNotes(req.ctx, req.query),
  );

  app.delete(
    '/ticket-notes/:id',
    { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: app.authenticate },
    async (req) => {
      await deleteTicketNote(req.ctx, req.params.id);
      return { message: 'note deleted' };
    },
  );

  app.put(
    '/ticket-tags/:ticketId/:tagId',
    { schema: { params: TicketTagParams, response: { 200: TicketView } }, preHandler: app.authenticate },
    async (req) => changeTicketTags(req.ctx, req.params.ticketId, req.params.tagId),
  );

  app.delete(
    '/ticket-tags/:ticketId',
    { schema: { params: TicketPathParam, response: { 200: TicketView } }, preHandler: app.authenticate },
    async (req) => changeTicketTags(req.ctx, req.params.ticketId, null),
  );
};
