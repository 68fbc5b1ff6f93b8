import { MAIN_COMPANY_ID } from '@chatflow/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, connections, plans, userQueues } from '../../db/schema';
import { AppError } from '../../http/errors';
import { companyQueueIds, countCompanyUsers, countOtherAdmins, emailTaken } from './queries';

/** The business rules the user commands share; each throws the contract's error when broken. */

export async function assertEmailFree(tx: DbOrTx, email: string, exceptUserId?: number) {
  if (await emailTaken(tx, email, exceptUserId)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
}

/** Two requests racing past assertEmailFree meet the unique index on lower(email): same answer. */
export function rethrowEmailConflict(err: unknown): never {
  const code = (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
  throw err;
}

/** Every queue id must be a queue of the company; another company's queue is as unknown as a missing one. */
export async function assertCompanyQueues(tx: DbOrTx, companyId: number, queueIds: number[]): Promise<number[]> {
  const unique = [...new Set(queueIds)];
  const found = await companyQueueIds(tx, companyId, unique);
  if (found.length !== unique.length) throw new AppError('ERR_NOT_FOUND', 404);
  return unique;
}

export async function replaceUserQueues(tx: DbOrTx, userId: number, queueIds: number[]) {
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length > 0) await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId })));
}

/**
 * Serializes user creation and admin demotion per company: the company row is locked for the rest of
 * the transaction, so two concurrent requests cannot both pass a count taken before the other's write.
 */
export async function lockCompany(tx: DbOrTx, companyId: number) {
  const [row] = await tx
    // The company's own count (bought with a custom plan, or set by the operator) raises the plan's limit.
    .select({ planUsers: sql<number>`greatest(${plans.users}, ${companies.numberAttendants})`.mapWith(Number) })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId))
    .for('update', { of: companies });
  return row ?? null;
}

/** The plan's user count (or the company's numberAttendants when higher) bounds its users; the platform's own company has no bound. */
export async function enforceUserLimit(tx: DbOrTx, companyId: number) {
  const company = await lockCompany(tx, companyId);
  if (companyId === MAIN_COMPANY_ID || !company) return;
  if ((await countCompanyUsers(tx, companyId)) >= company.planUsers) throw new AppError('ERR_PLAN_USER_LIMIT', 400);
}

/** A company keeps at least one admin, or nobody could manage its users and settings again. */
export async function assertAnotherAdmin(tx: DbOrTx, companyId: number, userId: number) {
  await lockCompany(tx, companyId);
  if ((await countOtherAdmins(tx, companyId, userId)) === 0) throw new AppError('ERR_LAST_ADMIN', 400);
}

/** A user's default connection must be one of the company's; another company's is as unknown as a missing one. */
export async function assertCompanyConnection(tx: DbOrTx, companyId: number, whatsappId: number | null | undefined) {
  if (whatsappId == null) return;
  const [found] = await tx
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.id, whatsappId), eq(connections.companyId, companyId)));
  if (!found) throw new AppError('ERR_NOT_FOUND', 404);
}
