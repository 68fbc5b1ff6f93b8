import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';

export interface RedisAdapterOptions {
  /** The stream (and pub/sub prefix) the nodes share; tests give each run its own so they do not collide. */
  streamName?: string;
}

/**
 * Several nodes through Redis (REDIS_URL): the Socket.IO Redis streams adapter carries broadcasts on a
 * stream (XADD/XREAD) and requests between nodes (fetchSockets, disconnectSockets, the single-session
 * rule) on pub/sub. ioredis reconnects by itself (every 50 ms to 2 s), queues commands meanwhile and
 * subscribes again; the adapter reads the stream on from the last entry it saw, so events published
 * during a short outage are delivered when Redis returns (up to the stream's 10,000 newest).
 *
 * An outage is logged once as an error when it starts and once when Redis is back, not on every retry.
 * While Redis is away, events stay on the node that emitted them and requests to other nodes time out;
 * the process keeps serving. Returns what closes the connections at shutdown.
 */
export async function attachRedisAdapter(
  io: Server,
  url: string,
  log: FastifyBaseLogger,
  options: RedisAdapterOptions = {},
): Promise<() => Promise<void>> {
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-streams-adapter')]);
  // Commands wait for the reconnection however long it takes: a publish never fails because of a retry count.
  const client = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  let down = false;
  client.on('error', (err) => {
    if (down) return;
    down = true;
    log.error(
      { err: { message: err.message, code: (err as { code?: string }).code } },
      `realtime: Redis at ${safeUrl(url)} is unreachable; events do not cross nodes until it returns`,
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`realtime: Redis at ${safeUrl(url)} is back; events cross nodes again`);
  });
  const name = options.streamName ?? 'socket.io';
  io.adapter(createAdapter(client, { streamName: name, channelPrefix: name }));
  return async () => {
    client.disconnect();
  };
}

/** The url without its password, for logs. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
