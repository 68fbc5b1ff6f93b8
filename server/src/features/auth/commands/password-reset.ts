import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { RESET_CODE_LENGTH, RESET_CODE_TTL_MINUTES } from '@chatflow/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets, users } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { sendResetCode } from '../mailer';
import { hashPassword } from '../../../auth/password';
import { closeRevokedSessions, revokeUserSessions } from '../../../auth/sessions';
import type { AuthDeps } from './login';

const MAX_ATTEMPTS = 5;
const digest = (code: string) => createHash('sha256').update(code).digest();

async function findUserByEmail(deps: AuthDeps, email: string) {
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user ?? null;
}

/** Step 1: a single-use code, valid for 30 minutes; earlier codes stop working. 404 for an unknown e-mail (spec). */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const user = await findUserByEmail(deps, email);
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      codeHash: digest(code).toString('hex'),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    });
  });
  await sendResetCode(deps.config, deps.log, user.email, code);
}

/** Step 2: the code, once, within its lifetime and five tries; every session of the user ends. */
export async function resetPassword(deps: AuthDeps, email: string, code: string, newPassword: string) {
  const invalid = new AppError('ERR_INVALID_RESET_CODE', 400);
  const user = await findUserByEmail(deps, email);
  if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
  const passwordHash = await hashPassword(newPassword);
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .orderBy(desc(passwordResets.id))
      .limit(1)
      .for('update');
    if (!reset || reset.attempts >= MAX_ATTEMPTS) throw invalid;
    const matches = timingSafeEqual(Buffer.from(reset.codeHash, 'hex'), digest(code));
    if (!matches) {
      await tx
        .update(passwordResets)
        .set({ attempts: reset.attempts + 1 })
        .where(eq(passwordResets.id, reset.id));
      return 'wrong';
    }
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const ended = await revokeUserSessions(tx, user.id, 'password-reset');
    // Open browsers of the old password are logged out at once, as after an admin's password change.
    tx.afterCommit(() => closeRevokedSessions(deps.realtime, user.companyId, user.id, ended));
    return 'ok';
  }).then((outcome) => {
    if (outcome === 'wrong') throw invalid; // thrown after commit so the attempt is counted
  });
}
