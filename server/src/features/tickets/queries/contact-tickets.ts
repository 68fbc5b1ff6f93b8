import type { ContactTicketPage } from '@chatflow/contract';
import { and, desc, eq } from 'drizzle-orm';
import { contacts, tickets } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { notFound } from '../../../http/errors';
import { presentOptionsFor, ticketRowsQuery } from '../loader';
import { presentTicket } from '../presenter';
import { queueIdsOf, visibleTicketsSql } from '../visibility';

/** Tickets per page of a contact's history (the drawer lists them, a page at a time). */
export const CONTACT_TICKETS_PAGE_SIZE = 10;

/**
 * GET /contacts/{id}/tickets: the contact's tickets, newest first, each as the inbox shows it (status,
 * queue, rating, dates). Only those the caller may open (the inbox's visibility rule), so an agent sees
 * their own and their queues' tickets of the contact; another company's contact is 404.
 */
export async function listContactTickets(ctx: RequestContext, contactId: number, pageNumber: number): Promise<ContactTicketPage> {
  const [contact] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
  const queueIds = await queueIdsOf(ctx);
  const [rows, options] = await Promise.all([
    ticketRowsQuery(ctx.db)
      .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, contactId), visibleTicketsSql(ctx.actor, queueIds)))
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(CONTACT_TICKETS_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * CONTACT_TICKETS_PAGE_SIZE),
    presentOptionsFor(ctx.db, ctx.companyId, ctx.actor),
  ]);
  return {
    tickets: rows.slice(0, CONTACT_TICKETS_PAGE_SIZE).map((r) => presentTicket(r, options)),
    hasMore: rows.length > CONTACT_TICKETS_PAGE_SIZE,
  };
}
