import { and, eq } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '../../db/client';
import { contacts, queues, ticketTags, users } from '../../db/schema';
import { AppError } from '../../http/errors';

/** A 400 ERR_VALIDATION on one field, worded in the caller's language by the error handler. */
export const fieldError = (field: string, key: 'validation.required' | 'validation.invalid') =>
  new ZodError([{ code: 'custom', path: [field], message: key, input: undefined }]);

export async function companyHasQueues(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: queues.id }).from(queues).where(eq(queues.companyId, companyId)).limit(1);
  return !!row;
}

/**
 * A queue is required (accept, reopen, transfer, new ticket) once the company has queues; a
 * company without any works without them. A given queue must be the company's.
 */
export async function assertQueueChoice(db: DbOrTx, companyId: number, queueId: number | null): Promise<void> {
  if (queueId === null) {
    if (await companyHasQueues(db, companyId)) throw fieldError('queueId', 'validation.required');
    return;
  }
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  if (!row) throw new AppError('ERR_NOT_FOUND', 404);
}

export async function assertCompanyUser(db: DbOrTx, companyId: number, userId: number): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!row) throw new AppError('ERR_NO_USER_FOUND', 404);
}

export async function findCompanyContact(db: DbOrTx, companyId: number, contactId: number) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404);
  return row;
}

export async function ticketHasTag(db: DbOrTx, ticketId: number): Promise<boolean> {
  const [row] = await db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId)).limit(1);
  return !!row;
}
