import { ConfirmationView, IdParam, TicketNoteInput, TicketNoteListQuery, TicketNoteView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addTicketNote, deleteTicketNote, listTicketNotes } from './notes';

/**
 * What agents attach to a ticket: notes (observations, spec 1 §7), open to anyone who sees the
 * ticket, deleted by their author or an admin. Ticket tags are the kanban feature's (the card move).
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
};
