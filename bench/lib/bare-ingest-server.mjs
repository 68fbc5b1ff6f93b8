// The least a Cloud API ingestion can do on this machine, as a separate process: Node's own HTTP server,
// a pg pool of 20 and Socket.IO, nothing of Chat-flow. POST /webhook checks X-Hub-Signature-256 over the
// raw body, stores each message and moves its conversation's preview and unread count (one statement, one
// commit), answers, and tells every socket of the company's namespace (`company-{id}-appMessage`, as the
// product's agent hears it). Started by channels/run.mjs; DATABASE_URL, PORT, APP_SECRET and COMPANY_ID
// come from it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

const serverRequire = createRequire(path.join(REPO_ROOT, 'server/package.json'));
const pg = serverRequire('pg');
const { Server } = serverRequire('socket.io');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const secret = process.env.APP_SECRET;
const companyId = Number(process.env.COMPANY_ID);

/** The conversation's row moves (preview, unread, order) and the message is stored, deduplicated by its id. */
const STORE = `with conversation as (
    insert into bare_tickets (number, last_message, unread_messages, updated_at) values ($1, $3, 1, now())
    on conflict (number) do update set last_message = excluded.last_message,
      unread_messages = bare_tickets.unread_messages + 1, updated_at = now()
    returning id)
  insert into bare_messages (ticket_id, external_id, body) select id, $2, $3 from conversation
  on conflict (external_id) do nothing returning id, ticket_id`;

const signedBy = (raw, header) => {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const server = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/webhook') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const raw = Buffer.concat(chunks);
      if (!signedBy(raw, req.headers['x-hub-signature-256'])) {
        res.writeHead(401).end();
        return;
      }
      const stored = [];
      for (const entry of JSON.parse(raw.toString('utf8')).entry ?? []) {
        for (const change of entry.changes ?? []) {
          for (const m of change.value?.messages ?? []) {
            const { rows } = await pool.query({ name: 'bare_store', text: STORE, values: [m.from, m.id, m.text?.body ?? ''] });
            if (rows[0]) stored.push({ id: Number(rows[0].id), ticketId: rows[0].ticket_id, body: m.text?.body ?? '' });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      for (const message of stored) io.of(`/${companyId}`).emit(`company-${companyId}-appMessage`, { action: 'create', message });
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    }
  });
});
const io = new Server(server, { transports: ['websocket'] });
io.of(`/${companyId}`);
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('disconnect', () => process.exit(0));
