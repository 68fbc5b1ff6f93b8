import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

// socket.io-client is the web app's (and the server tests') client; loaded from there like `pg`.
const { io } = createRequire(path.join(REPO_ROOT, 'server/package.json'))('socket.io-client');

/**
 * An agent's socket, connected the way the web app's SocketProvider does: namespace `/{companyId}`,
 * the access token in `auth`, websocket transport. The server puts it in its visibility rooms (an
 * admin is in `admins`, which every ticket's audience includes); it also joins the ticket lists and
 * the notification room like the tickets page does. `onMessage(body, atMs)` is called for every
 * `company-{id}-appMessage` create, with the moment it arrived (performance.now()).
 */
export async function connectAgent({ baseUrl, companyId, token, onMessage }) {
  const socket = io(`${baseUrl}/${companyId}`, { transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (err) => reject(new Error(`agent socket refused: ${err.message}`)));
  });
  socket.emit('joinNotification');
  for (const status of ['open', 'pending']) socket.emit('joinTickets', status);
  const counts = { appMessage: 0, ticket: 0, contact: 0 };
  socket.on(`company-${companyId}-appMessage`, (payload) => {
    const at = performance.now();
    counts.appMessage++;
    if (payload?.action === 'create') onMessage(payload.message.body, at);
  });
  socket.on(`company-${companyId}-ticket`, () => void counts.ticket++);
  socket.on(`company-${companyId}-contact`, () => void counts.contact++);
  let disconnected = null;
  socket.on('disconnect', (reason) => {
    disconnected = reason;
  });
  return {
    counts,
    /** Why the socket dropped, if it did (a dropped agent would make every figure after it meaningless). */
    disconnected: () => disconnected,
    close: () => socket.close(),
  };
}
