import { and, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies, users } from '../../../db/schema';
import { AppError } from '../../../http/errors';

/** Company names are unique without regard to case (the unique index on lower(name) backs this). */
export async function assertCompanyNameFree(db: DbOrTx, name: string, exceptId?: number): Promise<void> {
  const sameName = sql`lower(${companies.name}) = ${name.toLowerCase()}`;
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(exceptId === undefined ? sameName : and(sameName, ne(companies.id, exceptId)));
  if (taken) throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 409);
}

/** A login e-mail is unique across the whole platform, since login takes no company. */
export async function assertEmailFree(db: DbOrTx, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (taken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
}

/**
 * Two requests racing past the checks above meet the unique indexes instead; that is still the
 * caller's conflict, so it maps to the same 409 rather than a 500.
 */
export function asConflict(err: unknown): unknown {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code !== '23505') continue;
    const where = `${constraint ?? ''} ${message ?? ''}`;
    if (where.includes('companies_name_unique')) return new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 409);
    if (where.includes('users_email_unique')) return new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
  }
  return err;
}
