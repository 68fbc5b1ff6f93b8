import type { ContactWalletView } from '@chatflow/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactWallets, users } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { findCompanyContact } from './queries';

// A contact's wallet (carteira): the agents who own the customer. With the company setting
// DirectTicketsToWallets on, the automation gives the contact's new tickets to the first of them.

/** The wallet's agents of a contact, in the admin's order. */
export async function walletUsersOf(db: DbOrTx, companyId: number, contactId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(contactWallets)
    .innerJoin(users, eq(users.id, contactWallets.userId))
    .where(and(eq(contactWallets.companyId, companyId), eq(contactWallets.contactId, contactId)))
    .orderBy(asc(contactWallets.position), asc(users.id));
}

/** GET /contacts/{id}/wallets. */
export async function contactWallet(db: DbOrTx, companyId: number, contactId: number): Promise<ContactWalletView> {
  await findCompanyContact(db, companyId, contactId);
  return { wallets: await walletUsersOf(db, companyId, contactId) };
}

/**
 * PUT /contacts/{id}/wallets: the wallet becomes exactly these agents, in this order (repeats
 * dropped). Every one must be a user of the company: another company's id is ERR_NO_USER_FOUND.
 */
export async function setContactWallet(ctx: RequestContext, contactId: number, userIds: number[]): Promise<ContactWalletView> {
  const ids = [...new Set(userIds)];
  return ctx.transaction(async (tx) => {
    await findCompanyContact(tx, ctx.companyId, contactId);
    if (ids.length > 0) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, ctx.companyId), inArray(users.id, ids)));
      if (found.length !== ids.length) throw new AppError('ERR_NO_USER_FOUND', 404);
    }
    await tx.delete(contactWallets).where(and(eq(contactWallets.companyId, ctx.companyId), eq(contactWallets.contactId, contactId)));
    if (ids.length > 0) {
      await tx.insert(contactWallets).values(ids.map((userId, position) => ({ companyId: ctx.companyId, contactId, userId, position })));
    }
    return { wallets: await walletUsersOf(tx, ctx.companyId, contactId) };
  });
}
