import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { cloneTestDatabase } from '../test/database';
import { attachRealtimeAdapter } from './adapter';
import { rooms, socketRealtime } from './emit';

const REDIS = { host: '127.0.0.1', port: 6379 };

/** A logger that keeps what it was told, to check what an outage leaves in the log. */
function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const keep = (level: string) => (a: unknown, b?: unknown) => lines.push({ level, msg: String(typeof a === 'string' ? a : b) });
  return { lines, log: { error: keep('error'), warn: keep('warn'), info: keep('info'), debug: () => {} } as unknown as FastifyBaseLogger };
}

/**
 * A node as the product opens one: a Socket.IO server with the company namespaces, a socket joining its
 * user's room from the handshake, and the adapter the configuration picks (attachRealtimeAdapter).
 */
async function startNode(adapter: { redisUrl: string | null; database: Database | null; streamName?: string }, log: FastifyBaseLogger) {
  const http: HttpServer = createServer();
  const io = new Server(http);
  io.of(/^\/\d+$/).on('connection', (socket) => socket.join(rooms.user(Number(socket.handshake.auth.userId))));
  io.of('/1'); // the namespace exists on every node before any client connects, as with real traffic
  const database = adapter.database ?? ({ kind: 'pglite' } as Database);
  const close = await attachRealtimeAdapter(io, {
    config: { redisUrl: adapter.redisUrl },
    database,
    log,
    redis: { streamName: adapter.streamName },
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    io,
    realtime: socketRealtime(io),
    port: (http.address() as AddressInfo).port,
    stop: async () => {
      await io.close();
      await close();
    },
  };
}
type Node = Awaited<ReturnType<typeof startNode>>;

async function until(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What one client connected to node B heard: event names with their payloads. */
function client(port: number, userId: number) {
  const heard: { event: string; payload: unknown }[] = [];
  const socket: Socket = connect(`http://127.0.0.1:${port}/1`, { transports: ['websocket'], auth: { userId }, reconnection: false });
  socket.onAny((event, payload) => heard.push({ event, payload }));
  return { socket, heard };
}

/**
 * The same cross-node behaviour with each adapter: whatever the product does through the adapter
 * (broadcasts, room emits, fetchSockets with room changes, disconnecting a user's sockets) works
 * between two nodes.
 */
function crossNodeSuite(open: () => Promise<{ a: Node; b: Node; stop: () => Promise<void> }>) {
  let a: Node;
  let b: Node;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, stop } = await open());
  });
  afterAll(() => stop?.());

  /** Emits from node A until the client on B hears it (the adapter may still be subscribing at start). */
  async function relayed(send: () => void, heard: { event: string }[], event: string) {
    await until(() => {
      send();
      return heard.some((h) => h.event === event);
    }, `${event} to cross nodes`);
  }

  test('a company event and a room event emitted on node A reach a client on node B; other rooms hear nothing', async () => {
    const agent = client(b.port, 7);
    const other = client(b.port, 8);
    await until(() => agent.socket.connected && other.socket.connected, 'the clients to connect');
    await relayed(() => a.realtime.toCompany(1, 'auth', { action: 'update', user: { id: 1 } }), agent.heard, 'company-1-auth');
    await relayed(
      () => a.realtime.toRoom(1, rooms.user(7), 'settings', { action: 'update', setting: { key: 'k', value: 'v' } }),
      agent.heard,
      'company-1-settings',
    );
    expect(agent.heard.find((h) => h.event === 'company-1-settings')?.payload).toEqual({
      action: 'update',
      setting: { key: 'k', value: 'v' },
    });
    expect(other.heard.some((h) => h.event === 'company-1-settings')).toBe(false);
    agent.socket.close();
    other.socket.close();
  });

  test("node A moves a user's sockets on node B between rooms (fetchSockets) and disconnects them (one session per user)", async () => {
    const agent = client(b.port, 9);
    await until(() => agent.socket.connected, 'the client to connect');
    await until(async () => (await a.io.of('/1').in(rooms.user(9)).fetchSockets()).length === 1, 'node A to see the socket on B');
    await a.realtime.syncUserRooms(1, 9, [rooms.queue(3)]);
    await relayed(
      () => a.realtime.toRoom(1, rooms.queue(3), 'settings', { action: 'update', setting: { key: 'q', value: '3' } }),
      agent.heard,
      'company-1-settings',
    );

    a.realtime.disconnectRoom(1, rooms.user(9));
    await until(() => !agent.socket.connected, 'the socket on B to be disconnected');
    await until(async () => (await a.io.of('/1').in(rooms.user(9)).fetchSockets()).length === 0, 'the socket to be gone everywhere');
  });
}

describe('the Redis streams adapter (REDIS_URL)', () => {
  crossNodeSuite(async () => {
    const streamName = `chatflow-test-${randomUUID()}`;
    const { log } = recordingLog();
    const url = `redis://${REDIS.host}:${REDIS.port}`;
    const a = await startNode({ redisUrl: url, database: null, streamName }, log);
    const b = await startNode({ redisUrl: url, database: null, streamName }, log);
    return { a, b, stop: () => stopAll([a, b], streamName) };
  });
});

/**
 * A TCP relay in front of Redis that the test can cut (every connection dropped, the port closed) and
 * restore on the same port: to the nodes it is Redis going away and coming back.
 */
async function redisRelay() {
  const open = new Set<net.Socket>();
  let server: net.Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(REDIS);
        for (const s of [inbound, outbound]) {
          open.add(s);
          s.on('close', () => open.delete(s));
          s.on('error', () => {});
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of open) s.destroy();
      }),
    restore: listen,
  };
}

describe('a Redis outage with REDIS_URL set', () => {
  test('is one clear error in the log; when Redis returns, events cross nodes again without a restart', async () => {
    const streamName = `chatflow-test-${randomUUID()}`;
    const relay = await redisRelay();
    const { lines, log } = recordingLog();
    const a = await startNode({ redisUrl: relay.url(), database: null, streamName }, log);
    const b = await startNode({ redisUrl: relay.url(), database: null, streamName }, log);
    const agent = client(b.port, 5);
    try {
      await until(() => agent.socket.connected, 'the client to connect');
      let n = 0;
      const crosses = () =>
        until(() => {
          n += 1;
          a.realtime.toRoom(1, rooms.user(5), 'settings', { action: 'update', setting: { key: 'n', value: String(n) } });
          return agent.heard.length > 0;
        }, 'an event to cross nodes');
      await crosses();

      await relay.cut();
      const errors = () => lines.filter((l) => l.level === 'error' && /Redis at .* is unreachable/.test(l.msg));
      await until(() => errors().length === 2, 'both nodes to log the outage');
      expect(agent.socket.connected).toBe(true); // the nodes keep serving their own sockets

      await relay.restore();
      await until(() => lines.filter((l) => l.level === 'info' && /is back/.test(l.msg)).length === 2, 'both nodes to see Redis back');
      agent.heard.length = 0;
      await crosses();
      // Each node logged the outage once, not once per reconnection attempt.
      expect(errors().length).toBe(2);
    } finally {
      agent.socket.close();
      await stopAll([a, b], streamName);
      await relay.cut();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL adapter (no REDIS_URL)', () => {
  crossNodeSuite(async () => {
    const database = await cloneTestDatabase();
    const { log } = recordingLog();
    const a = await startNode({ redisUrl: null, database }, log);
    const b = await startNode({ redisUrl: null, database }, log);
    return {
      a,
      b,
      stop: async () => {
        await a.stop();
        await b.stop();
        await database.close();
      },
    };
  });
});

async function stopAll(nodes: Node[], streamName: string) {
  for (const node of nodes) await node.stop();
  const redis = new Redis(REDIS);
  await redis.del(streamName);
  redis.disconnect();
}
