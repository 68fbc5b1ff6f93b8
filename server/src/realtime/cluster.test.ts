import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { cloneTestDatabase } from '../test/database';
import { realtimeAdapterReady } from './adapter-health';
import { attachClusterAdapter } from './cluster';

const quiet = { warn: () => {} } as unknown as FastifyBaseLogger;

/** A node: a Socket.IO server on its own port with the cluster adapter on the shared database. */
async function startNode(database: Database) {
  const http: HttpServer = createServer();
  const io = new Server(http);
  io.of('/1'); // a company's namespace, as the product's server opens them
  const close = await attachClusterAdapter(io, database, quiet);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    io,
    port: (http.address() as AddressInfo).port,
    stop: async () => {
      await io.close();
      await close();
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// LISTEN/NOTIFY exist only on PostgreSQL (the cluster adapter is never used on PGlite).
describe.skipIf(!process.env.TEST_DATABASE_URL)('the cluster adapter when PostgreSQL ends its LISTEN connection', () => {
  let database: Database;
  let admin: pg.Client;
  let sender: Awaited<ReturnType<typeof startNode>>;
  let receiver: Awaited<ReturnType<typeof startNode>>;
  let client: Socket;
  const heard: number[] = [];

  const listenerPids = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()",
      )
    ).rows.map((r) => r.pid);

  beforeAll(async () => {
    database = await cloneTestDatabase();
    admin = new pg.Client({ connectionString: database.url! });
    await admin.connect();
    sender = await startNode(database);
    receiver = await startNode(database);
    client = connect(`http://127.0.0.1:${receiver.port}/1`, { transports: ['websocket'] });
    client.on('tick', (n: number) => heard.push(n));
    await until(() => client.connected, 'the socket to connect');
    await until(async () => (await listenerPids()).length >= 2, 'both nodes to LISTEN');
  });

  afterAll(async () => {
    client?.close();
    await sender?.stop();
    await receiver?.stop();
    await admin?.end();
    await database?.close();
  });

  /** Emits from the other node until the socket hears `n` (the adapter may still be listening again). */
  async function relayed(n: number) {
    await until(() => {
      sender.io.of('/1').emit('tick', n);
      return heard.includes(n);
    }, `event ${n} to cross nodes`);
  }

  test('the process stays up and events cross nodes again by themselves', async () => {
    await relayed(1);
    expect(realtimeAdapterReady(receiver.io)).toBe(true);
    const before = await listenerPids();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    // Readiness says so while the adapter is not listening (it waits 1 to 3 s before listening again)...
    await until(() => !realtimeAdapterReady(receiver.io), 'readiness to see the LISTEN connection gone');
    await until(async () => {
      const now = await listenerPids();
      return now.length >= 2 && now.every((pid) => !before.includes(pid));
    }, 'both nodes to LISTEN on new connections');
    await relayed(2);
    expect(heard).toContain(2);
    // ...and is ready again by itself.
    expect(realtimeAdapterReady(receiver.io)).toBe(true);
  });
});
