import type { OtherOpenTicket } from '@chatflow/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isActiveTicketStatus, queues, tickets, users } from '../../db/schema';
import { AppError } from '../../http/errors';

function holderQuery(db: DbOrTx) {
  return db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      userId: tickets.userId,
      status: tickets.status,
      userName: users.name,
      queueName: queues.name,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .$dynamic();
}

type HolderRow = Awaited<ReturnType<ReturnType<typeof holderQuery>['execute']>>[number];

const asOtherOpenTicket = (row: HolderRow): OtherOpenTicket => ({
  id: row.id,
  uuid: row.uuid,
  userId: row.userId,
  status: row.status,
  user: row.userName === null ? null : { name: row.userName },
  queue: row.queueName === null ? null : { name: row.queueName },
});

/** The active (open, pending or group) ticket of a contact on a connection, other than `exceptId`. */
export async function activeTicketOf(
  db: DbOrTx,
  companyId: number,
  contactId: number,
  connectionId: number | null,
  exceptId?: number,
): Promise<OtherOpenTicket | null> {
  const [row] = await holderQuery(db)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        connectionId === null ? isNull(tickets.connectionId) : eq(tickets.connectionId, connectionId),
        isActiveTicketStatus(tickets.status),
        exceptId === undefined ? undefined : ne(tickets.id, exceptId),
      ),
    )
    .limit(1);
  return row ? asOtherOpenTicket(row) : null;
}

/** A ticket described as the conflict body shows it (its holder and queue). */
export async function describeHolder(db: DbOrTx, ticketId: number): Promise<OtherOpenTicket> {
  const [row] = await holderQuery(db).where(eq(tickets.id, ticketId));
  return asOtherOpenTicket(row);
}

/**
 * 409 ERR_OTHER_OPEN_TICKET with the ticket in the way (spec 1 §4.1): the web opens it when it is
 * the user's own, else names its holder and queue.
 */
export const otherOpenTicket = (ticket: OtherOpenTicket) => new AppError('ERR_OTHER_OPEN_TICKET', 409, { ticket });

/** Whether a write hit the one-active-ticket-per-contact index (a concurrent create or reopen). */
export function isActiveTicketRace(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && `${constraint ?? ''} ${message ?? ''}`.includes('tickets_one_active_per_contact')) return true;
  }
  return false;
}
