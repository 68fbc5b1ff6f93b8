// Billing (issue 19), on PostgreSQL, of the built server (`npm run build` first):
// 1. the invoice job for BENCH_COMPANIES companies (10,000 by default), all due this month: the first run
//    must bill every one within 60 s, a second run must create nothing (idempotent);
// 2. a payment webhook to the renewal event: BENCH_PAYMENTS signed Stripe notices (200 by default), one at
//    a time, each paying one invoice; the figure is the time from sending the POST to the company's admin
//    socket receiving company-{id}-payment (CONCLUIDA). Target p99 <= 500 ms.
// Writes bench/results/billing.md. Loopback only; the server is stopped and the database dropped
// afterwards, also on failure or Ctrl-C. The figures need a quiet machine.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { percentile } from '../lib/load.mjs';

const require = createRequire(path.join(REPO_ROOT, 'server/package.json'));
const pg = require('pg');
const { io } = require('socket.io-client');
const here = path.dirname(fileURLToPath(import.meta.url));
const COMPANIES = Number(process.env.BENCH_COMPANIES) || 10_000;
const PAYMENTS = Number(process.env.BENCH_PAYMENTS) || 200;
const JOB_TARGET_MS = 60_000;
const EVENT_TARGET_MS = 500;
const SECRET = 'whsec_bench';
const DB_NAME = `chatflow_bench_billing_${process.pid}`;
const log = (msg) => console.log(`[bench:billing] ${msg}`);
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

function signedCompletion(sessionId) {
  const body = JSON.stringify({
    id: `evt_${sessionId}`,
    type: 'checkout.session.completed',
    // The amount the session collected (cents): a paid notice buys its charge only when it covers it.
    data: { object: { id: sessionId, payment_status: 'paid', amount_total: 4900 } },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` } };
}

/** The invoice job on COMPANIES companies due this month (made by SQL: the job is what is measured). */
async function measureInvoiceJob(db, databaseUrl) {
  const { rows } = await db.query('select id from plans order by id limit 1');
  const dueDate = new Date().toISOString().slice(0, 10);
  await db.query(
    `insert into companies (name, email, plan_id, status, due_date, recurrence)
     select 'Bench billing ' || i, 'bench-billing-' || i || '@example.com', $1, true, $2::date, 'MENSAL'
     from generate_series(1, $3) i`,
    [rows[0].id, dueDate, COMPANIES],
  );
  const run = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), [path.join(here, 'invoice-job.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`invoice job failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop());
}

/** PAYMENTS invoices of one company, each with a Stripe charge; one signed completion at a time. */
async function measureWebhooks(server, db) {
  const superToken = await login(server.baseUrl);
  const plans = await api(server.baseUrl, superToken, 'GET', '/plans/all');
  const email = `bench-payer-${process.pid}@example.com`;
  const company = await api(server.baseUrl, superToken, 'POST', '/companies', {
    name: `Bench payer ${process.pid}`,
    email,
    planId: plans[0].id,
    status: true,
    dueDate: '2030-01-10',
    recurrence: 'MENSAL',
    password: 'Senha123',
  });
  await db.query(
    `insert into global_settings (key, value) values ('stripeWebhookSecret', $1)
     on conflict (key) do update set value = excluded.value`,
    [SECRET],
  );
  await db.query(
    `with inv as (
       insert into invoices (company_id, detail, users, connections, queues, value, due_date)
       select $1, 'Bench', 3, 3, 1, 49, date '2030-01-10' + i from generate_series(1, $2) i returning id
     )
     insert into invoice_charges (company_id, invoice_id, provider, provider_payment_id, value)
     select $1, id, 'stripe', 'cs_bench_' || id, 49 from inv`,
    [company.id, PAYMENTS],
  );
  const { rows: charges } = await db.query('select provider_payment_id as id from invoice_charges where company_id = $1 order by id', [
    company.id,
  ]);
  const token = await login(server.baseUrl, email, 'Senha123');
  const socket = io(`${server.baseUrl}/${company.id}`, { transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const latencies = [];
  try {
    for (const charge of charges) {
      const hook = signedCompletion(charge.id);
      const event = new Promise((resolve) => socket.once(`company-${company.id}-payment`, resolve));
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/subscription/webhook/stripe`, { method: 'POST', headers: hook.headers, body: hook.body });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
      await event;
      latencies.push(performance.now() - started);
    }
    // A replay of every notice: nothing may change (no event, the same due date).
    const before = await db.query('select due_date::text from companies where id = $1', [company.id]);
    for (const charge of charges.slice(0, 20)) {
      const hook = signedCompletion(charge.id);
      await fetch(`${server.baseUrl}/subscription/webhook/stripe`, { method: 'POST', headers: hook.headers, body: hook.body });
    }
    const after = await db.query('select due_date::text from companies where id = $1', [company.id]);
    return { latencies: latencies.sort((a, b) => a - b), replayUnchanged: before.rows[0].due_date === after.rows[0].due_date };
  } finally {
    socket.close();
  }
}

function render({ machine, pgVersion, job, hooks, loadBefore, loadAfter }) {
  const l = hooks.latencies;
  const ms = (v) => `${Math.round(v)} ms`;
  const jobPass = job.created === COMPANIES && job.firstMs <= JOB_TARGET_MS && job.again === 0;
  const p99 = percentile(l, 99);
  return [
    '## Billing: the invoice job and the payment webhook',
    '',
    'Written by `BENCH_ONLY=billing npm run bench` (bench/billing/run.mjs). Do not edit by hand; re-run to refresh.',
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
    `| date | ${machine.date} |`,
    `| load average (1 min) at start / end | ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} |`,
    '',
    ...(loadBefore > os.availableParallelism() / 2
      ? [
          "**Warning: the machine was busy with other work (load average above half the CPUs); the figures are an upper bound of a quiet machine's.**",
          '',
        ]
      : []),
    `${COMPANIES} companies due this month; the job's command (createDueInvoices, batches of 1,000 companies) run twice. Then ${l.length} signed Stripe completions, one at a time, each paying one invoice of one company whose admin listens on a socket.`,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| invoice job, first run | ${job.created}/${COMPANIES} invoices in ${job.firstMs} ms | all, <= ${JOB_TARGET_MS} ms | **${jobPass ? 'pass' : 'FAIL'}** |`,
    `| invoice job, second run | ${job.again} created in ${job.secondMs} ms | 0 | **${job.again === 0 ? 'pass' : 'FAIL'}** |`,
    `| webhook to renewal event, p50 / p95 / p99 / max | ${ms(percentile(l, 50))} / ${ms(percentile(l, 95))} / ${ms(p99)} / ${ms(l.at(-1) ?? 0)} | p99 <= ${EVENT_TARGET_MS} ms | **${p99 <= EVENT_TARGET_MS ? 'pass' : 'FAIL'}** |`,
    `| replayed notices change nothing | ${hooks.replayUnchanged ? 'unchanged' : 'CHANGED'} | unchanged | **${hooks.replayUnchanged ? 'pass' : 'FAIL'}** |`,
    '',
  ].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-billing-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    mkdirSync(path.join(here, '../.tmp'), { recursive: true });
    const server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(here, '../.tmp/billing-server.log'),
    });
    await db.connect();
    log(`invoice job for ${COMPANIES} companies`);
    const job = await measureInvoiceJob(db, databaseUrl);
    log(`job: ${JSON.stringify(job)}; ${PAYMENTS} webhooks`);
    const hooks = await measureWebhooks(server, db);
    const report = render({ machine, pgVersion, job, hooks, loadBefore, loadAfter: os.loadavg()[0] });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/billing.md'), report);
    console.log(report);
  } finally {
    await db.end().catch(() => {});
    killAllServers();
    for (const dir of dirs) removeDir(dir);
    await dropDatabase(DB_NAME);
  }
}

runBench(main, { dbName: DB_NAME, dirs });
