import { and, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import { closeRevokedSessions, revokeUserSessions } from '../../../auth/sessions';
import { canTouchTarget } from '../policy';
import { removeProfileImage } from '../profile-image';
import { findCompanyUser } from '../queries';

/**
 * Removes a user of the company. Their sessions end at once: open browsers get `company-{id}-auth`
 * (the same signal as a login elsewhere) and their sockets are closed. An admin never deletes
 * themself, so the company always keeps the admin doing the deleting.
 */
export async function deleteUser(ctx: RequestContext, userId: number): Promise<void> {
  if (userId === ctx.actor.id) throw forbidden();
  await ctx.transaction(async (tx) => {
    const target = await findCompanyUser(tx, ctx.companyId, userId);
    if (!canTouchTarget(ctx.actor, target)) throw forbidden();
    const sessionIds = await revokeUserSessions(tx, userId, 'user-deleted');
    await tx.delete(users).where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)));
    tx.afterCommit(async () => {
      closeRevokedSessions(ctx.realtime, ctx.companyId, userId, sessionIds);
      ctx.realtime.toCompany(ctx.companyId, 'user', { action: 'delete', userId });
      await removeProfileImage(ctx.config, ctx.companyId, target.profileImage);
    });
  });
}
