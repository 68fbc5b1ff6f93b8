// One process of agent sockets for the cluster suite (run.mjs forks several, so the clients' own work is
// spread over processes). Connects COUNT real Socket.IO clients through the proxy, reports when they are
// connected, records each appMessage's delay (the body carries the send time), and hands the delays over
// when asked.
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../lib/server.mjs';

const { io } = createRequire(path.join(REPO_ROOT, 'server/package.json'))('socket.io-client');
const { URL: base, COMPANY_ID: companyId, TOKEN: token, COUNT } = process.env;
const count = Number(COUNT);
/** Connections opened at once: a burst of thousands of handshakes would measure the handshake, not the fan-out. */
const OPEN_AT_ONCE = 50;

const delays = [];
/** The size of the first fan-out event heard, as JSON: the floor's bare server sends events of this weight. */
let eventBytes = 0;
const sockets = [];
let connected = 0;
const open = () =>
  new Promise((resolve) => {
    const socket = io(`${base}/${companyId}`, { transports: ['websocket'], auth: { token }, reconnection: false });
    socket.on(`company-${companyId}-appMessage`, (event) => {
      const match = /^fanout \d+ (\d+)$/.exec(event?.message?.body ?? '');
      if (match) delays.push(Date.now() - Number(match[1]));
      if (match && !eventBytes) eventBytes = JSON.stringify(event).length;
    });
    socket.once('connect', () => {
      connected++;
      resolve();
    });
    socket.once('connect_error', (err) => {
      process.send?.({ type: 'error', message: String(err?.message ?? err) });
      resolve();
    });
    sockets.push(socket);
  });

for (let i = 0; i < count; i += OPEN_AT_ONCE) {
  await Promise.all(Array.from({ length: Math.min(OPEN_AT_ONCE, count - i) }, open));
}
process.send({ type: 'connected', connected });
process.on('message', (msg) => {
  if (msg === 'report') process.send({ type: 'report', delays, eventBytes });
  if (msg === 'exit') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
