// One Socket.IO node of the fan-out benchmark (run.mjs starts two): namespace /1 as the product opens
// it, the adapter named by ADAPTER (redis | postgres), and POST /emit?seq=N, which broadcasts one event
// carrying the send time. Prints "ready <port>" once listening.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The adapters and Socket.IO are the server's dependencies, loaded from there as the product loads them.
const server = createRequire(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
const { Server } = server('socket.io');

const http = createServer();
const io = new Server(http, { serveClient: false });
const nsp = io.of('/1');

let close = async () => {};
if (process.env.ADAPTER === 'redis') {
  const { Redis } = server('ioredis');
  const { createAdapter } = server('@socket.io/redis-streams-adapter');
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  io.adapter(createAdapter(client, { streamName: process.env.STREAM, channelPrefix: process.env.STREAM }));
  close = async () => client.disconnect();
} else {
  const pg = server('pg');
  const { createAdapter } = server('@socket.io/postgres-adapter');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4, options: '-c synchronous_commit=off' });
  await pool.query(
    'CREATE TABLE IF NOT EXISTS socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT NOW(), payload bytea)',
  );
  io.adapter(createAdapter(pool));
  close = () => pool.end();
}

http.on('request', (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'POST' && url.pathname === '/emit') {
    nsp.emit('tick', { seq: Number(url.searchParams.get('seq')), sentAt: Date.now() });
    res.end('ok');
  } else if (url.pathname === '/sockets') {
    res.end(String(nsp.sockets.size));
  }
});
http.listen(0, '127.0.0.1', () => console.log(`ready ${http.address().port}`));
process.on('SIGTERM', async () => {
  // Closing the server closes the adapter (it releases its LISTEN connection) before the pool ends.
  await Promise.race([io.close().then(close), new Promise((r) => setTimeout(r, 2000))]).catch(() => {});
  process.exit(0);
});
