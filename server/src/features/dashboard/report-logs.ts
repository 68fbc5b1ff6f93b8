import type { TicketLogView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tickets } from '../../db/schema';
import { notFound } from '../../http/errors';
import { listTicketLogs } from '../tickets';

/**
 * The report's ticket log dialog: any ticket of the company (the report lists them all to its managers,
 * whatever their queues); another company's ticket is 404.
 */
export async function reportTicketLogs(db: DbOrTx, companyId: number, ticketId: number): Promise<TicketLogView[]> {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
  return listTicketLogs(db, ticket.id);
}
