import { ZodError } from 'zod';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { connections, contacts, queues, users } from '../../db/schema';
import type { HookedTx } from '../../http/context';
import { notFound } from '../../http/errors';

const fieldError = (field: string, message: string) => new ZodError([{ code: 'custom', path: [field], message, input: null }]);

/** A schedule is for later (issue 15: a schedule in the past is refused). */
export function assertInFuture(sendAt: Date, now: Date) {
  if (sendAt.getTime() <= now.getTime()) throw fieldError('sendAt', 'validation.scheduleInPast');
}

async function exists(
  tx: HookedTx,
  table: typeof contacts | typeof connections | typeof users | typeof queues,
  companyId: number,
  id: number,
) {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, [id])));
  return !!row;
}

/** Every id the schedule names belongs to the caller's company; another company's is a 404, never a link. */
export async function assertScheduleRefs(
  tx: HookedTx,
  companyId: number,
  refs: { contactId?: number; whatsappId?: number | null; ticketUserId?: number | null; queueId?: number | null },
) {
  if (refs.contactId && !(await exists(tx, contacts, companyId, refs.contactId))) throw notFound('ERR_NO_CONTACT_FOUND');
  if (refs.whatsappId && !(await exists(tx, connections, companyId, refs.whatsappId))) throw notFound('ERR_NO_WAPP_FOUND');
  if (refs.ticketUserId && !(await exists(tx, users, companyId, refs.ticketUserId))) throw notFound('ERR_NO_USER_FOUND');
  if (refs.queueId && !(await exists(tx, queues, companyId, refs.queueId))) throw notFound();
}

/** The connection a schedule without one sends through: the company's default, else its first. */
export async function defaultConnectionId(tx: HookedTx, companyId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(eq(connections.companyId, companyId))
    .orderBy(desc(connections.isDefault), asc(connections.id))
    .limit(1);
  return row?.id ?? null;
}
