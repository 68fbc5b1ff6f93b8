// The chatbot under load (issue 14): 1,000 customers at once walking a two-level menu through the
// simulator, on PostgreSQL, of the built server (`npm run build` first). Each customer sends "oi"
// (the greeting and queue menu come back), "1" (the queue's option menu) and "1" (the sub-menu).
// The figure is the time from a customer's message (before its request leaves) to the bot's reply
// reaching the provider: the simulator's outbox row, stamped by the server (same machine, same clock).
// Writes bench/results/automation.md. Target: p99 <= 200 ms. Loopback only; the server is stopped and
// the database dropped afterwards, also on failure or Ctrl-C.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { bareBotBurst } from '../lib/bare-bot.mjs';
import { burstFloorFromCommits } from '../lib/commit-floor.mjs';
import { burstThenPaced } from '../lib/customer-steps.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_AUTOMATION_CUSTOMERS) || 1000;
/** Requests in flight at once: all customers write "at once", through this many keep-alive sockets. */
const IN_FLIGHT = Number(process.env.BENCH_AUTOMATION_IN_FLIGHT) || 100;
/** The paced walk: other customers, one every 1/rate s, a load this machine carries (the bot's own latency). */
const PACED_CUSTOMERS = Number(process.env.BENCH_AUTOMATION_PACED_CUSTOMERS) || 300;
const PACED_RATE = Number(process.env.BENCH_AUTOMATION_PACED_RATE) || 20;
const TARGET_P99_MS = 200;
const DB_NAME = `chatflow_bench_automation_${process.pid}`;
const log = (msg) => console.log(`[bench:automation] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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

/** Two queues; the first has two options, the first of which has two sub-options (the chatbot tree, in SQL). */
async function buildMenu(db, baseUrl, token, companyId) {
  const vendas = await api(baseUrl, token, 'POST', '/queue', {
    name: 'Vendas',
    color: '#2563eb',
    greetingMessage: 'Vendas: escolha',
    orderQueue: 1,
  });
  const suporte = await api(baseUrl, token, 'POST', '/queue', {
    name: 'Suporte',
    color: '#16a34a',
    greetingMessage: 'Suporte aqui',
    orderQueue: 2,
  });
  const insert = (parentId, position, name, message) =>
    db
      .query(
        `insert into queue_options (company_id, queue_id, parent_id, position, name, greeting_message, queue_type)
         values ($1, $2, $3, $4, $5, $6, 'text') returning id`,
        [companyId, vendas.id, parentId, position, name, message],
      )
      .then((r) => r.rows[0].id);
  const planos = await insert(null, 0, 'Planos', 'Qual plano?');
  await insert(null, 1, 'Pedidos', 'Um atendente já vem');
  await insert(planos, 0, 'Básico', 'O básico custa 10');
  await insert(planos, 1, 'Premium', 'O premium custa 50');
  return [vendas, suporte];
}

function render({ machine, pgVersion, steps, all, pacedSteps, paced, commitRate, bare, loadBefore, loadAfter }) {
  const row = (s) => `| ${s.label} | ${s.answered}/${s.sent} | ${s.failed} | ${s.p50} ms | ${s.p95} ms | ${s.p99} ms | ${s.max} ms |`;
  const pass = all.p99 <= TARGET_P99_MS && all.answered === all.sent;
  const pacedPass = paced.p99 <= TARGET_P99_MS && paced.answered === paced.sent;
  const floor = burstFloorFromCommits(CUSTOMERS, commitRate);
  return [
    '## Automation: 1,000 customers walking a two-level chatbot menu',
    '',
    'Written by `BENCH_ONLY=automation npm run bench` (bench/automation/run.mjs). Do not edit by hand; re-run to refresh.',
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
    'The load generator runs on the same machine as the server and shares its CPUs.',
    ...(loadBefore > os.availableParallelism() / 2
      ? [
          '',
          '**Warning: the machine was busy with other work (load average above half the CPUs); the figures are upper bounds of the latency on a quiet machine.**',
        ]
      : []),
    '',
    `${CUSTOMERS} customers, each sending three messages (greeting and queue menu, the queue's option menu, the sub-menu); each step sends all customers' messages at once through ${IN_FLIGHT} connections. Latency: the customer's send time to the bot's reply stored in the simulator's outbox (the provider), one node on PostgreSQL.`,
    '',
    '| step | answered | failed requests | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...steps.map(row),
    row(all),
    '',
    `Paced: ${PACED_CUSTOMERS} other customers walk the same menu, one every ${(1000 / PACED_RATE).toFixed(0)} ms (${PACED_RATE} answers/s, a load this machine carries, once the burst's aftermath has run), so the latency is the bot's own rather than the queue of a burst.`,
    '',
    '| step | answered | failed requests | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...pacedSteps.map(row),
    row(paced),
    '',
    `| figure | measured | target | result |`,
    '| --- | --- | --- | --- |',
    `| p99 message to bot reply at the provider, ${CUSTOMERS} customers at once | ${all.p99} ms | <= ${TARGET_P99_MS} ms | **${pass ? 'pass' : 'FAIL'}** |`,
    `| this machine's floor for ${CUSTOMERS} answers at once: two commits each (the message and the reply) at the ${commitRate.toFixed(0)} one-row commits/s PostgreSQL does here (pgbench, 8 clients) | ${floor.toFixed(0)} ms | under ${TARGET_P99_MS} ms for the target to be reachable | ${floor < TARGET_P99_MS ? 'reachable' : '**the target cannot be shown on this machine**'} |`,
    bare
      ? `| the same bursts against a bare bot on this machine (Node's HTTP server and pg, two commits an answer, nothing else: bench/lib/bare-bot.mjs), p99 | ${bare.p99} ms (p50 ${bare.p50} ms) | under ${TARGET_P99_MS} ms for the target to be reachable | ${bare.p99 < TARGET_P99_MS ? 'reachable' : '**the target cannot be shown on this machine**'} |`
      : '| the same bursts against a bare bot | not measured (it failed; see the log) | | |',
    `| p99 message to bot reply at the provider, paced at ${PACED_RATE} answers/s | ${paced.p99} ms | <= ${TARGET_P99_MS} ms | **${pacedPass ? 'pass' : 'FAIL'}** |`,
    '',
    'The 10,000 pending timers figure of issue 14 is the automation-timers suite (bench/automation/timers.mjs).',
    '',
  ].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-automation-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  try {
    server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(here, '../.tmp/automation-server.log'),
    });
    await db.connect();
    const token = await login(server.baseUrl);
    const me = await api(server.baseUrl, token, 'GET', '/auth/me');
    const queues = await buildMenu(db, server.baseUrl, token, me.companyId);
    const connection = await api(server.baseUrl, token, 'POST', '/whatsapp', {
      name: 'Bench bot',
      provider: 'simulator',
      greetingMessage: 'Olá! Escolha um setor:',
      queueIds: queues.map((q) => q.id),
    });
    // No menu limit: every answer of the bench is a valid one anyway.
    await db.query('update connections set max_use_bot_queues = 0 where id = $1', [connection.id]);
    await sleep(5000); // pg-boss creates its queues at start
    const ctx = { baseUrl: server.baseUrl, connection, db, serverPid: server.pid };
    const { commitRate, steps, all, pacedSteps, paced } = await burstThenPaced(ctx, {
      steps: [
        ['greeting and queue menu', 'oi'],
        ['option menu', '1'],
        ['sub-menu', '1'],
      ],
      customers: CUSTOMERS,
      inFlight: IN_FLIGHT,
      warmUp: { customers: 100, body: 'oi' },
      paced: { customers: PACED_CUSTOMERS, rate: PACED_RATE },
      databaseUrl,
      log,
    });
    // The floor of the burst: the same generator against a bot that only keeps the message and the reply.
    await server.stop();
    const bare = await bareBotBurst({ customers: CUSTOMERS, inFlight: IN_FLIGHT, log }).catch((err) => {
      log(`bare bot failed: ${err.message}`);
      return null;
    });
    const text = render({ machine, pgVersion, steps, all, pacedSteps, paced, commitRate, bare, loadBefore, loadAfter: os.loadavg()[0] });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/automation.md'), text);
    log('wrote bench/results/automation.md');
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

runBench(main, { dbName: DB_NAME, dirs });
