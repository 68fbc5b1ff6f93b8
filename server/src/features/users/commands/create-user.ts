import { USER_DEFAULTS, type UserCreateInput, type UserView } from '@chatflow/contract';
import type { z } from 'zod';
import { users } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { hashPassword } from '../../../auth/password';
import { presentUser } from '../presenter';
import { queuesOfUser } from '../queries';
import {
  assertCompanyConnection,
  assertCompanyQueues,
  assertEmailFree,
  enforceUserLimit,
  replaceUserQueues,
  rethrowEmailConflict,
} from '../rules';

/**
 * An admin adds a user to their company. The form's defaults fill what is not sent; `super` is not
 * part of the input at all, so no request can create a platform operator.
 */
export async function createUser(ctx: RequestContext, input: z.output<typeof UserCreateInput>): Promise<UserView> {
  const { password, queueIds = [], ...fields } = input;
  const passwordHash = await hashPassword(password); // slow on purpose: outside the transaction
  return ctx.transaction(async (tx) => {
    await enforceUserLimit(tx, ctx.companyId);
    await assertEmailFree(tx, fields.email);
    const queues = await assertCompanyQueues(tx, ctx.companyId, queueIds);
    await assertCompanyConnection(tx, ctx.companyId, fields.whatsappId);
    const [row] = await tx
      .insert(users)
      .values({
        ...USER_DEFAULTS,
        ...fields,
        email: fields.email.toLowerCase(),
        passwordHash,
        companyId: ctx.companyId,
      })
      .returning()
      .catch(rethrowEmailConflict);
    await replaceUserQueues(tx, row.id, queues);
    const user = presentUser(row, await queuesOfUser(tx, row.id));
    tx.afterCommit(() => ctx.realtime.toCompany(ctx.companyId, 'user', { action: 'create', user }));
    return user;
  });
}
