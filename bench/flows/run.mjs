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
import { heapAfterGc } from '../lib/heap.mjs';
import { cpuMeter } from '../lib/cpu.mjs';
import { burstFloorFromCommits } from '../lib/commit-floor.mjs';
import { burstThenPaced, customerNumbers } from '../lib/customer-steps.mjs';
import { percentile, pool } from '../lib/load.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_FLOWS_CUSTOMERS) || 1000;
const WAITING = Number(process.env.BENCH_FLOWS_WAITING) || 10_000;
const IN_FLIGHT = Number(process.env.BENCH_FLOWS_IN_FLIGHT) || 100;
/** Seconds the waiting runs sit in their interval: long enough for all of them to have started first (max 120). */
const WAIT_SECONDS = Number(process.env.BENCH_FLOWS_WAIT_SECONDS) || 120;
/** The paced walk: other customers, one every 1/rate s, a load this machine carries (the runtime's own latency). */
const PACED_CUSTOMERS = Number(process.env.BENCH_FLOWS_PACED_CUSTOMERS) || 300;
const PACED_RATE = Number(process.env.BENCH_FLOWS_PACED_RATE) || 20;
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

async function settledRss(pid) {
  await sleep(3000);
  const a = rssMiB(pid);
  await sleep(1000);
  return Math.max(a, rssMiB(pid));
}

function render(r) {
  const growthMB = ((r.heapHeld - r.heapBefore) * 1024 * 1024) / 1e6;
  const rssGrowthMB = ((r.rssHeld - r.rssBefore) * 1024 * 1024) / 1e6;
  const row = (s) => `| ${s.label} | ${s.sent} | ${s.answered} | ${s.failed} | ${s.p50} | ${s.p99} | ${s.max} |`;
  const floor = burstFloorFromCommits(CUSTOMERS, r.commitRate);
  const pacedPass = r.paced.p99 <= TARGET_P99_MS && r.paced.answered === r.paced.sent;
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
    `Paced: ${PACED_CUSTOMERS} other customers walk the same flow, one every ${(1000 / PACED_RATE).toFixed(0)} ms (${PACED_RATE} answers/s, a load this machine carries, once the burst's aftermath has run), so the latency is the runtime's own rather than the queue of a burst.`,
    '',
    '| step | sent | answered | failed | p50 ms | p99 ms | max ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...r.pacedSteps.map(row),
    row(r.paced),
    '',
    `### Figures: the walks above, and ${r.waiting} runs waiting in a ${WAIT_SECONDS} s interval`,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| answer to next step at the provider, p99, ${CUSTOMERS} customers at once | ${r.all.p99} ms | <= ${TARGET_P99_MS} ms | **${r.all.p99 <= TARGET_P99_MS ? 'pass' : 'FAIL'}** |`,
    `| this machine's floor for ${CUSTOMERS} answers at once: two commits each (the message and the reply) at the ${r.commitRate.toFixed(0)} one-row commits/s PostgreSQL does here (pgbench, 8 clients) | ${floor.toFixed(0)} ms | under ${TARGET_P99_MS} ms for the target to be reachable | ${floor < TARGET_P99_MS ? 'reachable' : '**the target cannot be shown on this machine**'} |`,
    `| answer to next step at the provider, p99, paced at ${PACED_RATE} answers/s | ${r.paced.p99} ms | <= ${TARGET_P99_MS} ms | **${pacedPass ? 'pass' : 'FAIL'}** |`,
    `| server memory held by ${r.waitingAtOnce} runs waiting at once: used heap after a full garbage collection (${r.heapBefore.toFixed(1)} -> ${r.heapHeld.toFixed(1)} MiB) | ${growthMB.toFixed(1)} MB | <= ${TARGET_GROWTH_MB} MB | **${growthMB <= TARGET_GROWTH_MB ? 'pass' : 'FAIL'}** |`,
    `| the same as resident memory, garbage of starting them included (RSS ${r.rssBefore.toFixed(1)} -> ${r.rssHeld.toFixed(1)} MiB) | ${rssGrowthMB.toFixed(1)} MB | (shown for reference) | |`,
    `| resumed / waiting; lateness p50 / p99 / max | ${r.resumed} / ${r.waiting}; ${r.late.p50} / ${r.late.p99} / ${r.late.max} ms | each <= ${TARGET_LATE_MS} ms | **${r.late.max <= TARGET_LATE_MS && r.resumed === r.waiting ? 'pass' : 'FAIL'}** |`,
    '',
    `The runs were started as fast as the server took them (${r.startSeconds.toFixed(0)} s for ${r.waiting}, ${(r.waiting / r.startSeconds).toFixed(0)} a second), so they come due at that rate. From the last start until the last resume the server used ${r.resumeCpu.server.toFixed(0)}% of the machine's CPUs and the machine was idle ${r.resumeCpu.idle.toFixed(0)}% of the time.`,
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
    server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(here, '../.tmp/flows-server.log'),
      inspect: true,
    });
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

    const ctx = { baseUrl: server.baseUrl, connection, db, serverPid: server.pid };
    const { commitRate, steps, all, pacedSteps, paced } = await burstThenPaced(ctx, {
      steps: [
        ['phrase -> greeting and menu', 'Quero Fluxo'],
        ['menu answer -> question', '1'],
        ['answer -> text with the variable', 'Ana'],
      ],
      customers: CUSTOMERS,
      inFlight: IN_FLIGHT,
      warmUp: { customers: 50, body: 'quero fluxo' },
      paced: { customers: PACED_CUSTOMERS, rate: PACED_RATE },
      databaseUrl,
      log,
    });

    const rssBefore = await settledRss(server.pid);
    const heapBefore = await heapAfterGc(server.inspectPort);
    const waitingNumbers = customerNumbers(1_000_000, WAITING);
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
    const heapHeld = await heapAfterGc(server.inspectPort);
    const waitingAtOnce = await resumeJobs('created');
    log(
      `${waitingAtOnce} runs waiting after ${Date.now() - started} ms; RSS ${rssBefore.toFixed(1)} -> ${rssHeld.toFixed(1)} MiB, heap after GC ${heapBefore.toFixed(1)} -> ${heapHeld.toFixed(1)} MiB`,
    );
    const startSeconds = (Date.now() - started) / 1000;
    const resumeCpuOf = cpuMeter(server.pid);
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
    const resumeCpu = resumeCpuOf();
    const lates = rows.rows.map((r) => Math.max(0, r.late)).sort((a, b) => a - b);
    const late = { p50: percentile(lates, 50), p99: percentile(lates, 99), max: lates.at(-1) ?? Number.NaN };
    const text = render({
      machine,
      pgVersion,
      steps,
      all,
      pacedSteps,
      paced,
      commitRate,
      startSeconds,
      resumeCpu,
      loadBefore,
      loadAfter: os.loadavg()[0],
      waiting: WAITING,
      rssBefore,
      rssHeld,
      heapBefore,
      heapHeld,
      waitingAtOnce,
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
