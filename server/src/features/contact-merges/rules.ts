import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ContactRow, contacts, isActiveTicketStatus, type TicketRow, tickets } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findCompanyContact } from '../contacts';

export const mergeSelf = () => new AppError('ERR_CONTACT_MERGE_SELF', 400);
export const undoConflict = () => new AppError('ERR_CONTACT_MERGE_UNDO_CONFLICT', 409);

/**
 * Both sides of a merge, each a contact of the caller's company (404 otherwise, whichever side it is),
 * locked in id order so two merges of the same pair cannot deadlock or both succeed.
 */
export async function lockPair(tx: DbOrTx, companyId: number, keptId: number, fromId: number) {
  await checkPair(tx, companyId, keptId, fromId);
  const rows = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, [keptId, fromId])))
    .orderBy(contacts.id)
    .for('update');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { kept: byId.get(keptId) as ContactRow, from: byId.get(fromId) as ContactRow };
}

/** The same checks without a lock (the preview): 400 for a contact with itself, 404 for a stranger. */
export async function checkPair(db: DbOrTx, companyId: number, keptId: number, fromId: number) {
  if (keptId === fromId) throw mergeSelf();
  await findCompanyContact(db, companyId, keptId);
  await findCompanyContact(db, companyId, fromId);
}

/**
 * The unique open-ticket rule (one active ticket per contact and connection): where both contacts have
 * an active ticket on the same connection, the kept contact's stays and the merged contact's is closed.
 */
export async function ticketsToClose(tx: DbOrTx, keptId: number, fromId: number, lock = true): Promise<TicketRow[]> {
  const query = tx
    .select()
    .from(tickets)
    .where(and(inArray(tickets.contactId, [keptId, fromId]), isActiveTicketStatus(tickets.status)))
    .orderBy(tickets.id);
  const active = lock ? await query.for('update') : await query;
  const keptConnections = new Set(active.filter((t) => t.contactId === keptId && t.connectionId !== null).map((t) => t.connectionId));
  return active.filter((t) => t.contactId === fromId && t.connectionId !== null && keptConnections.has(t.connectionId));
}
