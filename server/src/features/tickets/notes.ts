import { isAdmin, type TicketNoteInput, type TicketNoteView } from '@chatflow/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { ticketNotes, users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError, forbidden } from '../../http/errors';
import { findVisibleTicket } from './find';
import { fieldError } from './rules';

type NoteRow = typeof ticketNotes.$inferSelect;

const present = (n: NoteRow, user: { id: number; name: string } | null): TicketNoteView => ({
  id: n.id,
  note: n.note,
  ticketId: n.ticketId,
  contactId: n.contactId,
  userId: n.userId,
  user: user ? { id: user.id, name: user.name } : null,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

/** POST /ticket-notes: an observation on a ticket the caller sees, about that ticket's contact. */
export async function addTicketNote(ctx: RequestContext, input: z.output<typeof TicketNoteInput>): Promise<TicketNoteView> {
  const ticket = await findVisibleTicket(ctx, input.ticketId);
  if (ticket.contactId !== input.contactId) throw fieldError('contactId', 'validation.invalid');
  const [row] = await ctx.db
    .insert(ticketNotes)
    .values({
      companyId: ctx.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: ctx.actor.id,
      note: input.note,
    })
    .returning();
  return present(row, { id: ctx.user.id, name: ctx.user.name });
}

/** GET /ticket-notes/list: notes of a ticket the caller sees (of its contact, when given), newest first. */
export async function listTicketNotes(ctx: RequestContext, q: { ticketId: number; contactId?: number }): Promise<TicketNoteView[]> {
  const ticket = await findVisibleTicket(ctx, q.ticketId);
  return notesOf(ctx.db, ticket.id, q.contactId);
}

/** The ticket's notes as one text (the ticket's `observations` in spec 1 §3): oldest first, one per paragraph. */
export async function ticketObservations(db: DbOrTx, ticketId: number): Promise<string | null> {
  const notes = await notesOf(db, ticketId, undefined);
  return notes.length
    ? notes
        .map((n) => n.note)
        .reverse()
        .join('\n\n')
    : null;
}

async function notesOf(db: DbOrTx, ticketId: number, contactId: number | undefined): Promise<TicketNoteView[]> {
  const rows = await db
    .select({ note: ticketNotes, user: { id: users.id, name: users.name } })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.ticketId, ticketId), contactId === undefined ? undefined : eq(ticketNotes.contactId, contactId)))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map((r) => present(r.note, r.user));
}

/** DELETE /ticket-notes/{id}: the note's author or an admin; another company's note is unknown. */
export async function deleteTicketNote(ctx: RequestContext, id: number): Promise<void> {
  const [note] = await ctx.db
    .select()
    .from(ticketNotes)
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)));
  if (!note) throw new AppError('ERR_NOT_FOUND', 404);
  if (note.userId !== ctx.actor.id && !isAdmin(ctx.actor)) throw forbidden();
  await ctx.db.delete(ticketNotes).where(eq(ticketNotes.id, note.id));
}
