import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { loadSessionActor } from '../auth/sessions';
import type { ChannelRegistry } from '../channels/types';
import type { Clock } from '../clock';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/emit';
import { actorOf, type RequestContext, transactionRunner } from './context';
import { AppError } from './errors';
import type { TokenService } from './tokens';

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

type AuthDeps = {
  db: Db;
  config: Config;
  tokens: TokenService;
  realtime: Realtime;
  jobs: JobQueue;
  channels: ChannelRegistry;
  clock: Clock;
};

/**
 * Finds the user of a live session (and whatever else a route wants in the same round trip); the
 * user's queue ids, when it loads them, go to the request context.
 */
export type SessionLoader<T extends Loaded> = (db: Db, sessionId: string, userId: number) => Promise<T | null>;
type Loaded = { user: UserRow; queueIds?: number[] };

/**
 * The contract's semantics: no token or a revoked session is 401 (log in again); an expired or
 * unreadable access token is 403 (the client refreshes once and retries).
 * `authenticate` is the preHandler of every private route; `authenticateWith` lets a route load more
 * with the session check (GET /auth/me) and returns what its loader found.
 */
export function authenticator(deps: AuthDeps) {
  async function authenticateWith<T extends Loaded>(req: FastifyRequest, load: SessionLoader<T>): Promise<T> {
    const token = bearerToken(req);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const verified = await deps.tokens.verifyAccess(token);
    if (!verified.ok) throw new AppError('ERR_SESSION_EXPIRED', 403);
    const { userId, companyId, sessionId } = verified.claims;
    const loaded = await load(deps.db, sessionId, userId);
    const user = loaded?.user;
    if (!loaded || !user || user.companyId !== companyId) throw new AppError('ERR_SESSION_EXPIRED', 401);
    req.ctx = {
      db: deps.db,
      config: deps.config,
      realtime: deps.realtime,
      jobs: deps.jobs,
      channels: deps.channels,
      log: req.log,
      companyId: user.companyId,
      actor: actorOf(user),
      user,
      queueIds: loaded.queueIds,
      sessionId,
      clock: deps.clock,
      transaction: transactionRunner(deps.db, req.log),
    } satisfies RequestContext;
    return loaded;
  }

  return {
    authenticate: async (req: FastifyRequest, _reply: FastifyReply) => void (await authenticateWith(req, loadSessionActor)),
    authenticateWith,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    authenticateWith: <T extends { user: UserRow; queueIds?: number[] }>(req: FastifyRequest, load: SessionLoader<T>) => Promise<T>;
  }
}
