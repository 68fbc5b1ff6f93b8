import { isAdmin, type UserUpdateInput, type UserView } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../../db/schema';
import { actorOf, type RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import { resyncUserRooms } from '../../../realtime/emit';
import { hashPassword } from '../../../auth/password';
import { closeRevokedSessions, revokeUserSessions } from '../../../auth/sessions';
import { canManageUser, canTouchTarget, changedAdminOnlyFields } from '../policy';
import { presentUser } from '../presenter';
import { findCompanyUser, queuesOfUser } from '../queries';
import {
  assertAnotherAdmin,
  assertCompanyConnection,
  assertCompanyQueues,
  assertEmailFree,
  replaceUserQueues,
  rethrowEmailConflict,
} from '../rules';

/**
 * Edits a user. An admin edits anyone in the company; a profile user edits only themself and only
 * the fields of the General tab (spec 2 §6). An empty password keeps the current one.
 */
export async function updateUser(ctx: RequestContext, userId: number, input: z.output<typeof UserUpdateInput>): Promise<UserView> {
  if (!canManageUser(ctx.actor, userId)) throw forbidden();
  const { password, queueIds, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : undefined;

  return ctx.transaction(async (tx) => {
    const current = await findCompanyUser(tx, ctx.companyId, userId);
    if (!canTouchTarget(ctx.actor, current)) throw forbidden();
    const currentQueueIds = (await queuesOfUser(tx, userId)).map((q) => q.id);
    if (!isAdmin(ctx.actor) && changedAdminOnlyFields(input, current, currentQueueIds).length > 0) throw forbidden();

    if (fields.email !== undefined && fields.email.toLowerCase() !== current.email.toLowerCase()) {
      await assertEmailFree(tx, fields.email, userId);
    }
    if (current.profile === 'admin' && fields.profile === 'user') await assertAnotherAdmin(tx, ctx.companyId, userId);
    await assertCompanyConnection(tx, ctx.companyId, fields.whatsappId);

    const [row] = await tx
      .update(users)
      .set({
        ...fields,
        ...(fields.email !== undefined ? { email: fields.email.toLowerCase() } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: new Date(), // also keeps the SET non-empty when only queueIds were sent
      })
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)))
      .returning()
      .catch(rethrowEmailConflict);
    if (queueIds !== undefined) await replaceUserQueues(tx, userId, await assertCompanyQueues(tx, ctx.companyId, queueIds));
    // A new password ends the user's sessions: all of them when an admin set it (whoever knew the old one
    // is out), all but the current one when users change their own.
    const endedSessions = passwordHash
      ? await revokeUserSessions(tx, userId, 'password-changed', userId === ctx.actor.id ? ctx.sessionId : undefined)
      : [];

    const user = presentUser(row, await queuesOfUser(tx, userId));
    tx.afterCommit(async () => {
      closeRevokedSessions(ctx.realtime, ctx.companyId, userId, endedSessions);
      ctx.realtime.toCompany(ctx.companyId, 'user', { action: 'update', user });
      // Ticket events follow the new profile, flags and queues at once (not at the next reconnection).
      await resyncUserRooms(
        ctx.realtime,
        actorOf(row),
        user.queues.map((q) => q.id),
      );
    });
    return user;
  });
}
