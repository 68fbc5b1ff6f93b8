import { timingSafeEqual } from 'node:crypto';
import { isAdmin } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { perDatabase, preparedStatement } from '../../db/prepared';
import { type ConnectionRow, connections } from '../../db/schema';
import { bearerToken } from '../../http/authenticate';
import { AppError, forbidden, notFound } from '../../http/errors';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Connection ids are int4: a larger one is unknown rather than a database error. */
const MAX_ID = 2 ** 31 - 1;

/** Every simulated message looks its connection up first, hence prepared. */
const connectionStatement = preparedStatement((db) =>
  db
    .select()
    .from(connections)
    .where(eq(connections.id, sql.placeholder('id')))
    .prepare('simulator_connection'),
);

/**
 * How long a looked-up connection is reused. A customer script or a benchmark sends hundreds of
 * messages a second to one connection, and a lookup each was a round trip of its own; a changed
 * token or a deleted connection takes at most this long to apply here (the pipeline itself reads
 * the connection again in its own statement).
 */
const CONNECTION_REUSE_MS = 2_000;

/** The connection of an id, from a short-lived per-database cache (null: none). */
const connectionLookup = perDatabase((db) => {
  const cache = new LRUCache<number, { row: ConnectionRow | null }>({ max: 1_000, ttl: CONNECTION_REUSE_MS });
  return async (id: number): Promise<ConnectionRow | null> => {
    const hit = cache.get(id);
    if (hit) return hit.row;
    const [row] = await connectionStatement(db).execute({ id });
    cache.set(id, { row: row ?? null });
    return row ?? null;
  };
});

/** Access tokens are JWTs (three dot-separated parts); connection tokens are plain alphanumerics. */
const looksLikeJwt = (token: string) => token.split('.').length === 3;

/**
 * Who may act as the customer of a simulator connection: a caller holding the connection's token
 * (tests, benchmarks, scripts), or an admin of the connection's company (the simulator page). A
 * profile user gets 403; another company's admin gets 404, as does a connection that is not a
 * simulator. Sets `req.simulatorConnection`. Used as an onRequest hook, so a stranger's upload is
 * refused before it is read.
 */
export function simulatorAccess(db: Db, authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    // Runs on request, before the (up to 22 MB) body is read: params are not validated yet.
    const id = Number((req.params as { connectionId?: string }).connectionId);
    const connection = Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? await connectionLookup(db)(id) : null;
    if (connection && sameSecret(token, connection.token)) {
      if (connection.provider !== 'simulator') throw notFound('ERR_NO_WAPP_FOUND');
      req.simulatorConnection = connection;
      return;
    }
    if (!looksLikeJwt(token)) throw new AppError('ERR_SESSION_EXPIRED', 401);
    await authenticate(req, reply);
    if (!isAdmin(req.ctx.actor)) throw forbidden();
    if (!connection || connection.companyId !== req.ctx.companyId || connection.provider !== 'simulator') {
      throw notFound('ERR_NO_WAPP_FOUND');
    }
    req.simulatorConnection = connection;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    simulatorConnection: ConnectionRow;
  }
}
