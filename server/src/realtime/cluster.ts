import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Server } from 'socket.io';
import { type Database, survivesLostConnections } from '../db/client';
import { batchingPool } from './notify-batcher';

/** The adapter's own connections: one listens, one sends the batches of NOTIFYs, the rest store large events and clean up. */
const ADAPTER_POOL_SIZE = 4;

/**
 * Several nodes on one PostgreSQL: events emitted on one node reach sockets held by the others
 * through the Socket.IO postgres adapter (LISTEN/NOTIFY plus an attachments table).
 *
 * Events are NOTIFYs, sent in batches (notify-batcher.ts): those published while the previous
 * batch is on its way share one transaction. The adapter gets its own pool with synchronous_commit
 * off, so publishing an event never waits for a WAL flush beside the data's own commits: an event
 * lost in a database crash is harmless (clients refetch on reconnect), a message is not, and
 * messages keep their synchronous commits on the app's pool.
 */
/**
 * When PostgreSQL ends the LISTEN connection (restart, failover, an idle-connection cut), the adapter
 * sees the client end and listens again on a new one by itself, every 1 to 3 s until the database
 * answers; the events published meanwhile are lost, which clients recover from as from any
 * reconnection. Returns what closes the adapter's connections at shutdown.
 */
export async function attachClusterAdapter(io: Server, database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  if (!database.pool || !database.url) return async () => {};
  // Nodes starting together would race on CREATE TABLE IF NOT EXISTS, which is not safe under
  // concurrency (the loser fails on pg_type's unique index and the node exits): one string is one
  // implicit transaction, so the advisory lock makes the second node wait and then find the table.
  await database.pool.query(`
    SELECT pg_advisory_xact_lock(hashtext('socket_io_attachments'));
    CREATE TABLE IF NOT EXISTS socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz DEFAULT NOW(),
      payload bytea
    )`);
  const pool = new pg.Pool({ connectionString: database.url, max: ADAPTER_POOL_SIZE, options: '-c synchronous_commit=off' });
  survivesLostConnections(pool, log);
  const { createAdapter } = await import('@socket.io/postgres-adapter'); // only several-node deployments need it
  io.adapter(createAdapter(batchingPool(pool), { errorHandler: (err) => log.warn({ err }, 'realtime adapter: event not relayed') }));
  return () => pool.end();
}
