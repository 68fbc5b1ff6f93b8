import type { UserView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import { canManageUser, canTouchTarget } from '../policy';
import { presentUser } from '../presenter';
import { removeProfileImage, storeProfileImage, toProfileWebp } from '../profile-image';
import { findCompanyUser, queuesOfUser } from '../queries';

/**
 * Replaces a user's picture: the upload becomes a 256x256 WebP under a random name, the row points
 * at it, and the previous file is removed only once the new one is committed.
 */
export async function setProfileImage(ctx: RequestContext, userId: number, upload: Buffer): Promise<UserView> {
  if (!canManageUser(ctx.actor, userId)) throw forbidden();
  const before = await findCompanyUser(ctx.db, ctx.companyId, userId); // 404 before any image work
  if (!canTouchTarget(ctx.actor, before)) throw forbidden();
  const stored = await storeProfileImage(ctx.config, ctx.companyId, await toProfileWebp(upload));
  try {
    return await ctx.transaction(async (tx) => {
      const current = await findCompanyUser(tx, ctx.companyId, userId);
      const [row] = await tx
        .update(users)
        .set({ profileImage: stored.url })
        .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
        .returning();
      const user = presentUser(row, await queuesOfUser(tx, userId));
      tx.afterCommit(async () => {
        ctx.realtime.toCompany(ctx.companyId, 'user', { action: 'update', user });
        await removeProfileImage(ctx.config, ctx.companyId, current.profileImage);
      });
      return user;
    });
  } catch (err) {
    await stored.remove(); // the row never pointed at it
    throw err;
  }
}
