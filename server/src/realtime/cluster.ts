import type { Server } from 'socket.io';
import type { Database } from '../db/client';

/**
 * Several nodes on one PostgreSQL: events emitted on one node reach sockets held by the others
 * through the Socket.IO postgres adapter (LISTEN/NOTIFY plus an attachments table).
 */
export async function attachClusterAdapter(io: Server, database: Database) {
  if (!database.pool) return;
  await database.pool.query(`
    CREATE TABLE IF NOT EXISTS socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz DEFAULT NOW(),
      payload bytea
    )`);
  const { createAdapter } = await import('@socket.io/postgres-adapter'); // only several-node deployments need it
  io.adapter(createAdapter(database.pool));
}
