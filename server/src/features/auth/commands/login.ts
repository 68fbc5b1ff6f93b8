import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { companies, type UserRow, users } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { assertWorkHours } from '../../../http/work-hours';
import type { Clock } from '../../../clock';
import type { TokenService } from '../../../http/tokens';
import { type Realtime, rooms } from '../../../realtime/emit';
import { hashPassword, verifyPassword } from '../../../auth/password';
import { sessionUserView } from '../session-user';
import { newSessionId, openSession } from '../../../auth/sessions';

export interface AuthDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  realtime: Realtime;
  log: FastifyBaseLogger;
  clock: Clock;
}

// Compared against when the e-mail is unknown, so both failures take about the same time.
let dummyHash: Promise<string> | null = null;

/**
 * Logs a user in and ends their other session: the older browser gets `company-{id}-auth` and is
 * disconnected. An expired company still logs in; the web app sends the user to /financeiro.
 */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; remember?: boolean },
  meta: { ip: string; userAgent?: string },
) {
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  dummyHash ??= hashPassword('not-a-real-password');
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !valid) throw new AppError('ERR_INVALID_CREDENTIALS', 401);
  // Checked after the password, so the answer tells a stranger nothing of the account's hours.
  await assertWorkHours(deps.db, user, deps.clock.now());

  const sessionId = newSessionId();
  const refresh = await deps.tokens.signRefresh({ userId: user.id, sessionId });
  await transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const { endedSessionIds } = await openSession(tx, user, sessionId, refresh.jti, { remember: input.remember ?? true, ...meta });
    await tx.update(companies).set({ lastLogin: new Date() }).where(eq(companies.id, user.companyId));
    tx.afterCommit(() => {
      for (const ended of endedSessionIds) {
        deps.realtime.toRoom(user.companyId, rooms.session(ended), 'auth', { action: 'update', user: { id: user.id } });
        deps.realtime.disconnectRoom(user.companyId, rooms.session(ended));
      }
    });
  });
  return sessionResponse(deps, user, sessionId, refresh.token, input.remember ?? true);
}

export async function sessionResponse(deps: AuthDeps, user: UserRow, sessionId: string, refreshToken: string, remember: boolean) {
  const token = await deps.tokens.signAccess({ userId: user.id, companyId: user.companyId, sessionId });
  return { token, refreshToken, remember, user: await sessionUserView(deps.db, user) };
}
