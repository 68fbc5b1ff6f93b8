import { type CompanyUserInput, USER_DEFAULTS, type UserView } from '@chatflow/contract';
import type { z } from 'zod';
import type { HookedTx, RequestContext } from '../../../http/context';
import { users, type UserRow } from '../../../db/schema';
import { hashPassword } from '../../../auth/password';
import { presentUser } from '../../users';
import { findCompanyRow } from '../queries';
import { asConflict, assertEmailFree } from './conflicts';

/**
 * A company's administrator, with the same rights signup gives the first user of a company:
 * admin profile, dashboard, attendance panel, connections and tickets without a queue.
 */
export async function insertCompanyAdmin(
  tx: HookedTx,
  ctx: RequestContext,
  companyId: number,
  input: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const email = input.email.toLowerCase();
  await assertEmailFree(tx, email);
  const [user] = await tx
    .insert(users)
    .values({
      ...USER_DEFAULTS,
      companyId,
      name: input.name,
      email,
      passwordHash: input.passwordHash,
      profile: 'admin',
      showDashboard: 'enabled',
      allowRealTime: 'enabled',
      allowConnections: 'enabled',
      allTicket: 'enable',
    })
    .returning();
  tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'user', { action: 'create', user: presentUser(user) }));
  return user;
}

/** The companies page's company-user dialog: a new admin in the chosen company (super user only). */
export async function createCompanyUser(
  ctx: RequestContext,
  companyId: number,
  input: z.output<typeof CompanyUserInput>,
): Promise<UserView> {
  const passwordHash = await hashPassword(input.password); // slow on purpose: outside the transaction
  try {
    const user = await ctx.transaction(async (tx) => {
      await findCompanyRow(tx, companyId);
      return insertCompanyAdmin(tx, ctx, companyId, { name: input.name, email: input.email, passwordHash });
    });
    return presentUser(user);
  } catch (err) {
    throw asConflict(err);
  }
}
