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

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_AUTOMATION_CUSTOMERS) || 1000;
/** Requests in flight at once: all customers write "at once", through this many keep-alive sockets. */
const IN_FLIGHT = Number(process.env.BENCH_AUTOMATION_IN_FLIGHT) || 100;
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

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `tasks` with at most `limit` at once. */
async function pool(tasks, limit) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/**
 * One step: every customer sends `body` (all queued at once), then the step waits until each has a
 * new outbox row; latency = the first such row's created_at - the customer's send time.
 */
async function step(ctx, label, body) {
  const sentAt = new Map();
  const since = new Date();
  const failures = [];
  await pool(
    ctx.numbers.map((number, i) => async () => {
      sentAt.set(number, Date.now());
      const res = await fetch(`${ctx.baseUrl}/simulator/${ctx.connection.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.connection.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: number, name: `Cliente ${i}`, body }),
      });
      if (!res.ok) failures.push(res.status);
      await res.arrayBuffer();
    }),
    IN_FLIGHT,
  );
  const deadline = Date.now() + 60_000;
  let rows = [];
  for (;;) {
    const result = await ctx.db.query(
      `select number, min(created_at) as at, count(*)::int as n from simulator_outbox
       where connection_id = $1 and created_at >= $2 group by number`,
      [ctx.connection.id, since],
    );
    rows = result.rows;
    if (rows.length >= ctx.numbers.length || Date.now() > deadline) break;
    await sleep(250);
  }
  const latencies = rows
    .filter((r) => sentAt.has(r.number))
    .map((r) => new Date(r.at).getTime() - sentAt.get(r.number))
    .sort((a, b) => a - b);
  const figures = {
    label,
    sent: ctx.numbers.length,
    answered: latencies.length,
    failed: failures.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    latencies,
  };
  log(
    `${label}: ${figures.answered}/${figures.sent} answered, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
  );
  return figures;
}

function render({ machine, pgVersion, steps, all, loadBefore, loadAfter }) {
  const row = (s) => `| ${s.label} | ${s.answered}/${s.sent} | ${s.failed} | ${s.p50} ms | ${s.p95} ms | ${s.p99} ms | ${s.max} ms |`;
  const pass = all.p99 <= TARGET_P99_MS && all.answered === all.sent;
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
    `| figure | measured | target | result |`,
    '| --- | --- | --- | --- |',
    `| p99 message to bot reply at the provider, ${CUSTOMERS} customers at once | ${all.p99} ms | <= ${TARGET_P99_MS} ms | **${pass ? 'pass' : 'FAIL'}** |`,
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
    const base = 5511900000000;
    const ctx = { baseUrl: server.baseUrl, connection, db, numbers: Array.from({ length: CUSTOMERS }, (_, i) => String(base + i)) };
    // Warm-up: other numbers, not reported (connection pool, prepared statements, JIT).
    await step({ ...ctx, numbers: Array.from({ length: 100 }, (_, i) => String(base + 500_000 + i)) }, 'warm-up', 'oi');
    const steps = [await step(ctx, 'greeting and queue menu', 'oi'), await step(ctx, 'option menu', '1'), await step(ctx, 'sub-menu', '1')];
    const latencies = steps.flatMap((s) => s.latencies).sort((a, b) => a - b);
    const all = {
      label: 'all messages',
      sent: steps.reduce((n, s) => n + s.sent, 0),
      answered: latencies.length,
      failed: steps.reduce((n, s) => n + s.failed, 0),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
    };
    const text = render({ machine, pgVersion, steps, all, loadBefore, loadAfter: os.loadavg()[0] });
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
