// The kanban board at 10,000 tickets (issue 16), on PostgreSQL, of the built server (`npm run build`
// first). Two figures:
//  - first paint of the board: the API calls the /Kanban page makes before it can draw its cards,
//    GET /tag/kanban (the lanes) and GET /ticket/kanban (the first page of every lane), sent together as
//    the page sends them, as an agent
//    whose queue holds all 10,000 tickets in the date range; timed end to end from this process.
//  - a card move reaching another agent's board: agent A sends PUT /ticket-tags/:ticketId/:laneId;
//    the time from the request leaving to agent B's socket receiving the ticket event with the new lane.
// Writes bench/results/kanban.md. Targets: first paint p95 <= 300 ms; move p99 <= 100 ms. Loopback only;
// the server is stopped and the database dropped afterwards, also on failure or Ctrl-C.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/load.mjs';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';

const require = createRequire(path.join(REPO_ROOT, 'server/package.json'));
const pg = require('pg');
const { io } = require('socket.io-client');
const here = path.dirname(fileURLToPath(import.meta.url));
const TICKETS = Number(process.env.BENCH_KANBAN_TICKETS) || 10_000;
const LANES = 5;
const PAINTS = Number(process.env.BENCH_KANBAN_PAINTS) || 100;
const MOVES = Number(process.env.BENCH_KANBAN_MOVES) || 300;
const TARGET_PAINT_P95_MS = 300;
const TARGET_MOVE_P99_MS = 100;
const DB_NAME = `chatflow_bench_kanban_${process.pid}`;
const log = (msg) => console.log(`[bench:kanban] ${msg}`);
const dirs = [];

async function api(baseUrl, token, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

const day = (d) => d.toISOString().slice(0, 10);

/** 10,000 pending and open tickets of one queue over the last 20 days, 40% in no lane, the rest spread over the lanes. */
async function seed(db, companyId, queueId, connectionId, laneIds) {
  await db.query(
    `insert into contacts (company_id, name, number)
     select $1, 'Cliente ' || g, (5511800000000 + g)::text from generate_series(1, $2) g`,
    [companyId, TICKETS],
  );
  await db.query(
    `insert into tickets (company_id, contact_id, connection_id, queue_id, status, last_message, updated_at, created_at)
     select $1, c.id, $2, $3, case when c.id % 3 = 0 then 'open' else 'pending' end, 'Mensagem ' || c.id,
       now() - (c.id % 28800) * interval '1 minute', now() - interval '21 days'
     from contacts c where c.company_id = $1`,
    [companyId, connectionId, queueId],
  );
  await db.query(
    `insert into ticket_tags (ticket_id, tag_id)
     select t.id, ($2::int[])[1 + (t.id % $3)] from tickets t where t.company_id = $1 and t.id % 10 >= 4`,
    [companyId, laneIds, laneIds.length],
  );
  await db.query('analyze contacts; analyze tickets; analyze ticket_tags; analyze tags');
}

function agentSocket(baseUrl, companyId, token) {
  const socket = io(`${baseUrl}/${companyId}`, { transports: ['websocket'], auth: { token }, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(new Error(`agent socket refused: ${err.message}`)));
  });
}

function summary(label, values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    label,
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
  };
}
const ms = (v) => `${v.toFixed(1)} ms`;

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  mkdirSync(path.join(here, '../.tmp'), { recursive: true });
  const dataDir = tempDir('chatflow-bench-kanban-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  const sockets = [];
  try {
    server = await startServer({ dataDir: path.join(dataDir, 'data'), databaseUrl, logFile: path.join(here, '../.tmp/kanban-server.log') });
    await db.connect();
    const base = server.baseUrl;
    const admin = await login(base);
    const me = await api(base, admin, 'GET', '/auth/me');
    const queue = await api(base, admin, 'POST', '/queue', { name: 'Vendas', color: '#2563eb', greetingMessage: 'Olá' });
    const connection = await api(base, admin, 'POST', '/whatsapp', { name: 'Bench kanban', provider: 'simulator', queueIds: [queue.id] });
    const agents = [];
    for (const who of ['a', 'b']) {
      const user = {
        name: `Agente ${who}`,
        email: `kanban-${who}@bench.local`,
        password: 'Senha123',
        profile: 'user',
        queueIds: [queue.id],
      };
      await api(base, admin, 'POST', '/users', user);
      agents.push(await login(base, user.email, user.password));
    }
    const lanes = [];
    for (let i = 0; i < LANES; i++)
      lanes.push(await api(base, admin, 'POST', '/tags', { name: `Etapa ${i + 1}`, color: '#8e24aa', kanban: 1 }));
    log(`seeding ${TICKETS} tickets`);
    await seed(
      db,
      me.companyId,
      queue.id,
      connection.id,
      lanes.map((l) => l.id),
    );

    // First paint: the page's two calls, sent together as the page does, as agent A (queue filter = its queue).
    const [tokenA, tokenB] = agents;
    const range = `startDate=${day(new Date(Date.now() - 30 * 86400_000))}&endDate=${day(new Date())}`;
    const boardUrl = `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}&${range}`;
    const first = await api(base, tokenA, 'GET', boardUrl);
    const inRange = first.lanes.reduce((n, l) => n + l.count, 0);
    log(`board: ${inRange} tickets in range over ${first.lanes.length} lanes, ${first.tickets.length} cards on the first paint`);
    for (let i = 0; i < 10; i++) await api(base, tokenA, 'GET', boardUrl); // warm-up
    const paints = [];
    const boardOnly = [];
    for (let i = 0; i < PAINTS; i++) {
      const t0 = performance.now();
      const [, boardMs] = await Promise.all([
        api(base, tokenA, 'GET', '/tag/kanban'),
        api(base, tokenA, 'GET', boardUrl).then(() => performance.now() - t0),
      ]);
      paints.push(performance.now() - t0);
      boardOnly.push(boardMs);
    }

    // Card moves: agent A drags, agent B's socket hears it.
    const socketB = await agentSocket(base, me.companyId, tokenB);
    sockets.push(socketB);
    const waiting = new Map();
    socketB.on(`company-${me.companyId}-ticket`, (e) => {
      const at = performance.now();
      if (e.action !== 'update') return;
      const key = `${e.ticket.id}:${e.ticket.tags.map((t) => t.id).join(',')}`;
      waiting.get(key)?.(at);
    });
    const cards = first.tickets.slice(0, 40);
    const moves = [];
    for (let i = 0; i < MOVES + 20; i++) {
      const ticket = cards[i % cards.length];
      const current = ticket.tags[0]?.id;
      const lane = lanes.find((l) => l.id !== current && l.id !== lanes[(i + 1) % LANES].id) ?? lanes[0];
      const heard = new Promise((resolve) => waiting.set(`${ticket.id}:${lane.id}`, resolve));
      const t0 = performance.now();
      await api(base, tokenA, 'PUT', `/ticket-tags/${ticket.id}/${lane.id}`);
      const at = await Promise.race([heard, new Promise((r) => setTimeout(() => r(null), 5000))]);
      if (at === null) throw new Error(`move ${i} of ticket ${ticket.id} never reached agent B`);
      waiting.delete(`${ticket.id}:${lane.id}`);
      ticket.tags = [{ id: lane.id }];
      if (i >= 20) moves.push(at - t0); // the first 20 warm up
    }

    const loadAfter = os.loadavg()[0];
    const paint = summary('first paint (GET /tag/kanban + GET /ticket/kanban)', paints);
    const board = summary('GET /ticket/kanban (within the first paint)', boardOnly);
    const move = summary('card move: PUT by agent A to the event on agent B', moves);
    const text = render({
      machine,
      pgVersion,
      loadBefore,
      loadAfter,
      inRange,
      lanesCount: first.lanes.length,
      cardsCount: first.tickets.length,
      paint,
      board,
      move,
    });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/kanban.md'), text);
    log(`first paint p95 ${ms(paint.p95)}; move p99 ${ms(move.p99)}; wrote bench/results/kanban.md`);
  } finally {
    for (const s of sockets) s.close();
    await db.end().catch(() => {});
    await server?.stop();
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

function render({ machine, pgVersion, loadBefore, loadAfter, inRange, lanesCount, cardsCount, paint, board, move }) {
  const row = (s) => `| ${s.label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const paintPass = paint.p95 <= TARGET_PAINT_P95_MS;
  const movePass = move.p99 <= TARGET_MOVE_P99_MS;
  return [
    '## Kanban: the board at 10,000 tickets, a card move to another agent',
    '',
    'Written by `BENCH_ONLY=kanban npm run bench` (bench/kanban/run.mjs). Do not edit by hand; re-run to refresh.',
    '',
    '### Machine',
    '',
    '| | |',
    '| --- | --- |',
    `| CPUs (\`nproc\`) | ${machine.nproc} |`,
    `| CPU model | ${machine.cpuModel} |`,
    `| memory | ${machine.memoryGiB} GiB |`,
    `| Node | ${machine.node} |`,
    `| PostgreSQL | ${pgVersion} (local, loopback) |`,
    `| kernel | ${machine.kernel} |`,
    `| date | ${machine.date} |`,
    `| load average (1 min) at start / end | ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} |`,
    '',
    'The client runs on the same machine as the server and shares its CPUs.',
    ...(loadBefore > os.availableParallelism() / 2
      ? [
          '',
          '**Warning: the machine was busy with other work (load average above half the CPUs); the figures are upper bounds of what a quiet machine gives.**',
        ]
      : []),
    '',
    `${inRange} open and pending tickets of one queue updated within the board's 30-day range, ${lanesCount} lanes holding them (the default lane and ${LANES} kanban lanes, 40% in the default one); the agent is a "user" profile in that queue. First paint: the two calls the /Kanban page makes before drawing its ${cardsCount} cards (a page of 40 per lane), sent together as the page sends them, until both answered, timed from this process, ${PAINTS} times after a warm-up. Move: ${MOVES} moves one after another, from agent A's PUT leaving to agent B's socket receiving the ticket event. Not measured: the browser's own paint of the board (the lanes are virtualized, so it draws the same few cards whatever the count).`,
    '',
    '| figure | samples | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- |',
    row(paint),
    row(board),
    row(move),
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| first paint of the board, p95, 10,000 tickets in range, PostgreSQL | ${ms(paint.p95)} | <= ${TARGET_PAINT_P95_MS} ms | **${paintPass ? 'pass' : 'FAIL'}** |`,
    `| card move reaching another agent's board, p99 | ${ms(move.p99)} | <= ${TARGET_MOVE_P99_MS} ms | **${movePass ? 'pass' : 'FAIL'}** |`,
    '',
  ].join('\n');
}

runBench(main, { dbName: DB_NAME, dirs });
