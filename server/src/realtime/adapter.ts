import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { attachClusterAdapter } from './cluster';
import { attachRedisAdapter, type RedisAdapterOptions } from './redis';

/**
 * How events reach sockets held by other nodes: Redis streams when REDIS_URL is set, else the
 * PostgreSQL adapter on PostgreSQL, else nothing (PGlite is one process, the in-memory adapter).
 * The code above the adapter (emits, fetchSockets, disconnectSockets) is the same with each.
 * Returns what closes the adapter's connections at shutdown.
 */
export function attachRealtimeAdapter(
  io: Server,
  deps: { config: Pick<Config, 'redisUrl'>; database: Database; log: FastifyBaseLogger; redis?: RedisAdapterOptions },
): Promise<() => Promise<void>> {
  if (deps.config.redisUrl) return attachRedisAdapter(io, deps.config.redisUrl, deps.log, deps.redis);
  if (deps.database.kind === 'postgres') return attachClusterAdapter(io, deps.database, deps.log);
  return Promise.resolve(async () => {});
}
