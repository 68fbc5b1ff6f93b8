import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loadSessionUser } from '../features/auth/sessions';
import type { ChannelRegistry } from '../channels/types';
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

/**
 * The contract's semantics: no token or a revoked session is 401 (log in again); an expired or
 * unreadable access token is 403 (the client refreshes once and retries).
 */
export function authenticator(deps: { db: Db; config: Config; tokens: TokenService; realtime: Realtime; jobs: JobQueue; channels: ChannelRegistry }) {
  return async function authenticate(req: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(req);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const verified = await deps.tokens.verifyAccess(token);
    if (!verified.ok) throw new AppError('ERR_SESSION_EXPIRED', 403);
    const { userId, companyId, sessionId } = verified.claims;
    const user = await loadSessionUser(deps.db, sessionId, userId);
    if (!user || user.companyId !== companyId) throw new AppError('ERR_SESSION_EXPIRED', 401);
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
      sessionId,
      transaction: transactionRunner(deps.db, req.log),
    } satisfies RequestContext;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}
