// The flow runtime under load (issue 18), on PostgreSQL, of the built server (`npm run build` first).
// 1. Walk: CUSTOMERS customers at once walk a five-step flow through the simulator (phrase -> message and
//    menu; "1" -> question; a name -> a text using it, then a ticket node). Figure: a customer's answer
//    (before its request leaves) to the flow's next message reaching the provider (the simulator's outbox
//    row, stamped by the server). Target p99 <= 200 ms.
// 2. Waiting: WAITING customers each start a run that waits in an interval node (flow.resume delayed jobs).
//    Figures: the server's resident memory holding them against before (target growth <= 50 MB) and how
//    late each resumed (pg-boss started_on - start_after; target <= 2 s).
// Writes bench/results/flows.md. The figures need a quiet machine; small runs (BENCH_FLOWS_CUSTOMERS,
// BENCH_FLOWS_WAITING) only prove the bench works. The server is stopped and the database dropped afterwards.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, rssMiB, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_FLOWS_CUSTOMERS) || 1000;
const WAITING = Number(process.env.BENCH_FLOWS_WAITING) || 10_000;
const IN_FLIGHT = Number(process.env.BENCH_FLOWS_IN_FLIGHT) || 100;
/** Seconds the waiting runs sit in their interval: long enough for all of them to have started first (max 120). */
const WAIT_SECONDS = Number(process.env.BENCH_FLOWS_WAIT_SECONDS) || 120;
const TARGET_P99_MS = 200;
const TARGET_GROWTH_MB = 50;
const TARGET_LATE_MS = 2000;
const DB_NAME = `chatflow_bench_flows_${process.pid}`;
const log = (msg) => console.log(`[bench:flows] ${msg}`);
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

async function pool(tasks, limit) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const node = (id, type, data) => ({ id: id.padEnd(30, 'x'), type, data, position: { x: 0, y: 0 } });
const edge = (source, target, sourceHandle = 'a') => ({
  id: `${source}-${target}`,
  source: source.padEnd(30, 'x'),
  target: target.padEnd(30, 'x'),
  sourceHandle,
});

/** The five-step flow of the walk, and the waiting one: inserted straight into `flows` (the editor is another feature). */
function flows(queueId) {
  const walk = {
    nodes: [
      node('start', 'start', {}),
      node('hello', 'message', { label: 'Olá {{firstName}}!' }),
      node('menu', 'menu', { message: 'Deseja continuar?', arrayOption: [{ number: 1, value: 'Sim' }] }),
      node('ask', 'question', { message: 'Qual é o seu nome?', answerKey: 'nome' }),
      node('thanks', 'message', { label: 'Obrigado, {{nome}}.' }),
      node('ticket', 'ticket', { id: queueId }),
    ],
    connections: [
      edge('start', 'hello'),
      edge('hello', 'menu'),
      edge('menu', 'ask', 'a1'),
      edge('ask', 'thanks'),
      edge('thanks', 'ticket'),
    ],
  };
  const wait = {
    nodes: [node('start', 'start', {}), node('wait', 'interval', { sec: WAIT_SECONDS }), node('end', 'message', { label: 'Pronto' })],
    connections: [edge('start', 'wait'), edge('wait', 'end')],
  };
  return { walk, wait };
}

/** Every customer sends `body`; latency = its first new outbox row's created_at - its send time. */
async function step(ctx, label, body) {
  const sentAt = new Map();
  const since = new Date();
  let failed = 0;
  await pool(
    ctx.numbers.map((number, i) => async () => {
      sentAt.set(number, Date.now());
      const res = await fetch(`${ctx.baseUrl}/simulator/${ctx.connection.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.connection.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: number, name: `Cliente ${i}`, body }),
      });
      if (!res.ok) failed++;
      await res.arrayBuffer();
    }),
    IN_FLIGHT,
  );
  const deadline = Date.now() + 120_000;
  let rows = [];
  for (;;) {
    rows = (
      await ctx.db.query(
        `select number, min(created_at) as at from simulator_outbox where connection_id = $1 and created_at >= $2 group by number`,
        [ctx.connection.id, since],
      )
    ).rows;
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
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    latencies,
  };
  log(`${label}: ${figures.answered}/${figures.sent} answered, p50 ${figures.p50} ms, p99 ${figures.p99} ms`);
  return figures;
}

async function settledRss(pid) {
  await sleep(3000);
  const a = rssMiB(pid);
  await sleep(1000);
  return Math.max(a, rssMiB(pid));
}

function render(r) {
  const growthMB = ((r.rssHeld - r.rssBefore) * 1024 * 1024) / 1e6;
  const row = (s) => `| ${s.label} | ${s.sent} | ${s.answered} | ${s.failed} | ${s.p50} | ${s.p99} | ${s.max} |`;
  return [
    '## Flows: customers walking a flow, runs waiting in intervals',
    '',
    'Written by `BENCH_ONLY=flows npm run bench` (bench/flows/run.mjs). Do not edit by hand; re-run to refresh. The figures need a quiet machine.',
    '',
    `Machine: ${r.machine.nproc} CPUs, ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, PostgreSQL ${r.pgVersion}; load average at start / end ${r.loadBefore.toFixed(2)} / ${r.loadAfter.toFixed(2)}; ${r.machine.date}.`,
    '',
    `### Walk: ${CUSTOMERS} customers, five-step flow (${IN_FLIGHT} requests in flight)`,
    '',
    '| step | sent | answered | failed | p50 ms | p99 ms | max ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...r.steps.map(row),
    row(r.all),
    '',
    `### Waiting: ${r.waiting} runs in a ${WAIT_SECONDS} s interval`,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| answer to next step at the provider, p99 | ${r.all.p99} ms | <= ${TARGET_P99_MS} ms | **${r.all.p99 <= TARGET_P99_MS ? 'pass' : 'FAIL'}** |`,
    `| server memory growth holding ${r.waiting} waiting runs (RSS ${r.rssBefore.toFixed(1)} -> ${r.rssHeld.toFixed(1)} MiB) | ${growthMB.toFixed(1)} MB | <= ${TARGET_GROWTH_MB} MB | **${growthMB <= TARGET_GROWTH_MB ? 'pass' : 'FAIL'}** |`,
    `| resumed / waiting; lateness p50 / p99 / max | ${r.resumed} / ${r.waiting}; ${r.late.p50} / ${r.late.p99} / ${r.late.max} ms | each <= ${TARGET_LATE_MS} ms | **${r.late.max <= TARGET_LATE_MS && r.resumed === r.waiting ? 'pass' : 'FAIL'}** |`,
    '',
  ].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-flows-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  try {
    mkdirSync(path.join(here, '../.tmp'), { recursive: true });
    server = await startServer({ dataDir: path.join(dataDir, 'data'), databaseUrl, logFile: path.join(here, '../.tmp/flows-server.log') });
    await db.connect();
    const token = await login(server.baseUrl);
    const me = await api(server.baseUrl, token, 'GET', '/auth/me');
    const queue = await api(server.baseUrl, token, 'POST', '/queue', {
      name: 'Fluxos',
      color: '#2563eb',
      greetingMessage: '',
      orderQueue: 1,
    });
    const connection = await api(server.baseUrl, token, 'POST', '/whatsapp', {
      name: 'Bench flows',
      provider: 'simulator',
      queueIds: [queue.id],
    });
    const docs = flows(queue.id);
    const insertFlow = async (name, doc) =>
      (
        await db.query('insert into flows (company_id, name, flow) values ($1, $2, $3) returning id', [
          me.companyId,
          name,
          JSON.stringify(doc),
        ])
      ).rows[0].id;
    const walkFlow = await insertFlow('Walk', docs.walk);
    const waitFlow = await insertFlow('Wait', docs.wait);
    await api(server.baseUrl, token, 'POST', '/flowcampaign', {
      name: 'Walk',
      flowId: walkFlow,
      whatsappId: connection.id,
      phrase: 'quero fluxo',
    });
    await api(server.baseUrl, token, 'POST', '/flowcampaign', {
      name: 'Wait',
      flowId: waitFlow,
      whatsappId: connection.id,
      phrase: 'quero esperar',
    });
    await sleep(5000); // pg-boss creates its queues at start

    const base = 5511900000000;
    const ctx = { baseUrl: server.baseUrl, connection, db, numbers: Array.from({ length: CUSTOMERS }, (_, i) => String(base + i)) };
    await step({ ...ctx, numbers: Array.from({ length: 50 }, (_, i) => String(base + 800_000 + i)) }, 'warm-up', 'quero fluxo');
    const steps = [
      await step(ctx, 'phrase -> greeting and menu', 'Quero Fluxo'),
      await step(ctx, 'menu answer -> question', '1'),
      await step(ctx, 'answer -> text with the variable', 'Ana'),
    ];
    const latencies = steps.flatMap((s) => s.latencies).sort((a, b) => a - b);
    const all = {
      label: 'all answers',
      sent: steps.reduce((n, s) => n + s.sent, 0),
      answered: latencies.length,
      failed: steps.reduce((n, s) => n + s.failed, 0),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
    };

    const rssBefore = await settledRss(server.pid);
    const waitingNumbers = Array.from({ length: WAITING }, (_, i) => String(base + 1_000_000 + i));
    const started = Date.now();
    await pool(
      waitingNumbers.map(
        (number, i) => () =>
          fetch(`${server.baseUrl}/simulator/${connection.id}/messages`, {
            method: 'POST',
            headers: { authorization: `Bearer ${connection.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ from: number, name: `Espera ${i}`, body: 'quero esperar' }),
          }).then((res) => res.arrayBuffer()),
      ),
      IN_FLIGHT,
    );
    const resumeJobs = (state) =>
      db.query(`select count(*)::int as n from pgboss.job where name = 'flow.resume' and state = $1`, [state]).then((r) => r.rows[0].n);
    const allResumeJobs = () => db.query(`select count(*)::int as n from pgboss.job where name = 'flow.resume'`).then((r) => r.rows[0].n);
    // Every run has reached its interval (its resume job exists, whether it already fired or not).
    for (let waited = 0; (await allResumeJobs()) < WAITING && waited < 300_000; waited += 500) await sleep(500);
    const rssHeld = await settledRss(server.pid);
    log(
      `${await resumeJobs('created')} runs waiting after ${Date.now() - started} ms; RSS ${rssBefore.toFixed(1)} -> ${rssHeld.toFixed(1)} MiB`,
    );
    const deadline = Date.now() + (WAIT_SECONDS + 300) * 1000;
    while (Date.now() < deadline) {
      const left = await db
        .query(`select count(*)::int as n from pgboss.job where name = 'flow.resume' and state in ('created', 'retry', 'active')`)
        .then((r) => r.rows[0].n);
      if (left === 0) break;
      await sleep(2000);
    }
    const rows = await db.query(
      `select (extract(epoch from (started_on - start_after)) * 1000)::int as late from pgboss.job where name = 'flow.resume' and state = 'completed'`,
    );
    const lates = rows.rows.map((r) => Math.max(0, r.late)).sort((a, b) => a - b);
    const late = { p50: percentile(lates, 50), p99: percentile(lates, 99), max: lates.at(-1) ?? Number.NaN };
    const text = render({
      machine,
      pgVersion,
      steps,
      all,
      loadBefore,
      loadAfter: os.loadavg()[0],
      waiting: WAITING,
      rssBefore,
      rssHeld,
      resumed: lates.length,
      late,
    });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/flows.md'), text);
    log('wrote bench/results/flows.md');
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

runBench(main, { dbName: DB_NAME, dirs });
