import { and, eq, inArray } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * What must hold for a chat's members: every one a user of the caller's company (an id of another
 * company is refused like an unknown one), and someone besides the owner (a chat with nobody else is
 * refused). Returns the members, owner included, without repeats.
 */
export async function chatMembersFor(db: DbOrTx, companyId: number, ownerId: number, requested: readonly number[]): Promise<number[]> {
  const others = [...new Set(requested)].filter((id) => id !== ownerId);
  const refuse = (message: string) => new ZodError([{ code: 'custom', path: ['users'], message, input: requested }]);
  if (others.length === 0) throw refuse('validation.chatUsers');
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, others)));
  if (found.length !== others.length) throw refuse('validation.invalid');
  return [ownerId, ...others];
}
