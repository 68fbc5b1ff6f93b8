import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ContactRow, contacts } from '../../db/schema';
import { AppError } from '../../http/errors';

export const duplicatedContact = () => new AppError('ERR_DUPLICATED_CONTACT', 409);

/** One contact per number and channel in a company (spec 1 §5): a second one is ERR_DUPLICATED_CONTACT. */
export async function assertNumberFree(
  db: DbOrTx,
  companyId: number,
  channel: ContactRow['channel'],
  number: string,
  exceptId: number | null,
): Promise<void> {
  const same = and(eq(contacts.companyId, companyId), eq(contacts.channel, channel), eq(contacts.number, number));
  const [taken] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(exceptId === null ? same : and(same, ne(contacts.id, exceptId)))
    .limit(1);
  if (taken) throw duplicatedContact();
}

/**
 * Two saves of the same number can both pass the check and meet at the unique index; the loser gets
 * the same answer as a checked duplicate, not a 500.
 */
export function asDuplicateContact(err: unknown): unknown {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === 'contacts_company_channel_number_unique') return duplicatedContact();
  }
  return err;
}
