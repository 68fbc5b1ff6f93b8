// The least a bot can do on this machine, as a separate process: Node's own HTTP server and a pg pool of 20,
// nothing of Chat-flow. POST /simulator/:id/messages stores the customer's message (one commit), answers,
// then stores the reply in `simulator_outbox` (a second commit), the table the automation and flows suites
// read their latency from. Started by bare-bot.mjs; DATABASE_URL and PORT come from it.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const server = http.createServer((req, res) => {
  const match = /^\/simulator\/(\d+)\/messages$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) {
    res.writeHead(404).end();
    return;
  }
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', async () => {
    try {
      const { from, body } = JSON.parse(raw);
      await pool.query('insert into bare_messages (number, body) values ($1, $2)', [from, body]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      await pool.query('insert into simulator_outbox (connection_id, number, body) values ($1, $2, $3)', [
        Number(match[1]),
        from,
        'Escolha:',
      ]);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
process.on('disconnect', () => process.exit(0));
