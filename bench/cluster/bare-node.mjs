// The cluster suite's floor: a Socket.IO server with nothing of the product in it (no database, no
// auth, no rooms), run two at a time behind the same nginx and heard by the same client processes.
// POST /emit?i=N broadcasts the fan-out event to this node's sockets and relays it to PEER, which
// broadcasts it to its own: what any two-node Socket.IO deployment must do for one event. Its delays
// and its memory per socket are what this machine gives before any of Chat-flow's work.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../lib/server.mjs';

const { Server } = createRequire(path.join(REPO_ROOT, 'server/package.json'))('socket.io');
const { PORT, PEER, COMPANY_ID: companyId, PAD_BYTES } = process.env;
/** Filler so the event weighs what the product's appMessage event weighs (measured by the caller). */
const pad = 'x'.repeat(Math.max(0, Number(PAD_BYTES) || 0));

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://node');
  // The proxy's readiness check (lib/nginx.mjs), as the product answers it.
  if (url.pathname === '/health/live') {
    res.writeHead(200).end('ok');
    return;
  }
  if (req.method !== 'POST' || url.pathname !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  const body = `fanout ${url.searchParams.get('i')} ${url.searchParams.get('at')}`;
  io.of(`/${companyId}`).emit(`company-${companyId}-appMessage`, { action: 'create', message: { body }, pad });
  if (PEER && !req.headers['x-relayed']) await fetch(`${PEER}${req.url}`, { method: 'POST', headers: { 'x-relayed': '1' } });
  res.writeHead(204).end();
});
const io = new Server(server, { transports: ['websocket'] });
io.of(/^\/\d+$/);
server.listen(Number(PORT), '127.0.0.1', () => process.send?.({ type: 'listening' }));
process.on('message', (msg) => {
  if (msg === 'exit') process.exit(0);
});
// A bench that failed half-way leaves no node behind.
process.on('disconnect', () => process.exit(0));
