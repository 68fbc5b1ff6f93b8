import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type TicketRow, tickets } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { actorSees, queueIdsOf } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A ticket of the company by id, or 404 (another company's id reads as unknown). `lock` takes a row lock. */
export async function findCompanyTicket(db: DbOrTx, companyId: number, ref: number | string, lock = false): Promise<TicketRow> {
  if (typeof ref === 'string' && !UUID.test(ref)) throw notFound('ERR_NO_TICKET_FOUND');
  const query = db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), typeof ref === 'string' ? eq(tickets.uuid, ref) : eq(tickets.id, ref)));
  const [ticket] = lock ? await query.for('update') : await query;
  if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
  return ticket;
}

/**
 * A ticket (by id, or by uuid when `ref` is a string) of the caller's company that the caller may
 * see (canSeeTicket); anything else is 404 ERR_NO_TICKET_FOUND, so hidden tickets do not leak.
 * Pass a transaction as `db` (and `lock`) to read it for a change.
 */
export async function findVisibleTicket(
  ctx: Pick<RequestContext, 'db' | 'companyId' | 'actor' | 'queueIds'>,
  ref: number | string,
  db: DbOrTx = ctx.db,
  lock = false,
): Promise<TicketRow> {
  const ticket = await findCompanyTicket(db, ctx.companyId, ref, lock);
  if (!actorSees(ctx.actor, await queueIdsOf({ ...ctx, db }), ticket)) throw notFound('ERR_NO_TICKET_FOUND');
  return ticket;
}
