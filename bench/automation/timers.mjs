// Timers under load (issue 14): 10,000 pending automation timers held as pg-boss jobs, on PostgreSQL,
// of the built server (`npm run build` first). 3,300 customers each write once to a connection whose bot
// shows a menu: each turn sets three silence timers (automation.silence: inactivity after
// timeInactiveMessage minutes, expiry after expiresTicket minutes, the company's automatic close after
// autoCloseTicketHours); 200 customers of a warm-up, on a connection of their own, set only the automatic
// close, so 10,100 are pending at once. The first two kinds
// fire during the run and are timed; the automatic closes (an hour away) stay held to the end.
// Figures: the server's resident memory with the timers held against its memory before the
// customers (target: growth <= 50 MB), and how late each timer fired: pg-boss's started_on minus the
// job's start_after (target: every one within 2 s). Writes bench/results/automation-timers.md.
// The rating request holds no timer: its expiry (expiresTicketNPS) is checked when the answer comes.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { heapAfterGc } from '../lib/heap.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, rssMiB, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { percentile, pool } from '../lib/load.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const CUSTOMERS = Number(process.env.BENCH_TIMERS_CUSTOMERS) || 3300;
const IN_FLIGHT = Number(process.env.BENCH_TIMERS_IN_FLIGHT) || 50;
const WARM_UP = 200;
/** Minutes to the inactivity and expiry timers: long enough for every customer to have written first. */
const INACTIVE_MINUTES = Number(process.env.BENCH_TIMERS_INACTIVE_MINUTES) || 10;
const EXPIRE_MINUTES = INACTIVE_MINUTES + 1;
const TARGET_GROWTH_MB = 50;
const TARGET_LATE_MS = 2000;
const DB_NAME = `chatflow_bench_timers_${process.pid}`;
const log = (msg) => console.log(`[bench:automation-timers] ${msg}`);
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

const silenceJobs = (db, state) =>
  db.query(`select count(*)::int as n from pgboss.job where name = 'automation.silence' and state = $1`, [state]).then((r) => r.rows[0].n);

/**
 * Resident memory once the server is idle: the lowest of samples taken every 2 s for SETTLE_SECONDS. Right
 * after a burst of work the heap still holds that work's garbage, which V8 collects and returns when the
 * process goes idle; measured at once, "holding the timers" would count the 3,300 customers' requests, not
 * the timers (which are rows in pgboss.job, not objects in the server). Every RSS figure is taken this way.
 */
const SETTLE_SECONDS = Number(process.env.BENCH_TIMERS_SETTLE_SECONDS) || 60;
async function settledRss(pid) {
  let lowest = Number.POSITIVE_INFINITY;
  for (let waited = 0; waited < SETTLE_SECONDS; waited += 2) {
    await sleep(2000);
    lowest = Math.min(lowest, rssMiB(pid));
  }
  return lowest;
}

function render(r) {
  const growthMB = ((r.heapHeld - r.heapBefore) * 1024 * 1024) / 1e6;
  const rssGrowthMB = ((r.rssHeld - r.rssBefore) * 1024 * 1024) / 1e6;
  const growthPass = growthMB <= TARGET_GROWTH_MB;
  const latePass = r.late.max <= TARGET_LATE_MS && r.fired === r.timed;
  return [
    '## Automation: 10,000 pending timers held as jobs',
    '',
    'Written by `BENCH_ONLY=automation-timers npm run bench` (bench/automation/timers.mjs). Do not edit by hand; re-run to refresh.',
    '',
    '### Machine',
    '',
    '| | |',
    '| --- | --- |',
    `| CPUs (\`nproc\`) | ${r.machine.nproc} |`,
    `| CPU model | ${r.machine.cpuModel} |`,
    `| memory | ${r.machine.memoryGiB} GiB |`,
    `| Node | ${r.machine.node} |`,
    `| PostgreSQL | ${r.pgVersion} (local, loopback) |`,
    `| kernel | ${r.machine.kernel} |`,
    `| date | ${r.machine.date} |`,
    `| load average (1 min) at start / while the timers fired / end | ${r.loadBefore.toFixed(2)} / ${r.loadFiring.toFixed(2)} / ${r.loadAfter.toFixed(2)} |`,
    '',
    ...(r.loadBefore > os.availableParallelism() / 2
      ? [
          '**Warning: the machine was busy with other work (load average above half the CPUs); lateness figures are upper bounds of what a quiet machine shows.**',
          '',
        ]
      : []),
    `${CUSTOMERS} customers each wrote once (${IN_FLIGHT} at a time) to a connection whose bot answers with a menu; each turn set an inactivity timer (${INACTIVE_MINUTES} min), an expiry timer (${EXPIRE_MINUTES} min) and an automatic close (60 min, held to the end) as \`automation.silence\` jobs with a start delay. The writes took ${(r.writeMs / 1000).toFixed(1)} s, so due times spread over that long. Before them, ${WARM_UP} customers of a warm-up wrote at once to a second connection that sets no inactivity or expiry timer; their automatic closes are held with the rest.`,
    '',
    `Every RSS figure is the lowest of samples taken every 2 s over ${SETTLE_SECONDS} s of idleness. The figure judged is what the server holds: its used heap after a full garbage collection (through the V8 inspector), before the customers and while the timers are pending; RSS also counts memory V8 keeps for later. The timers themselves are rows of \`pgboss.job\`.`,
    '',
    '| | |',
    '| --- | --- |',
    `| timers created (jobs) | ${r.created} |`,
    `| pending at once (peak, state created) | ${r.peakPending} |`,
    `| server RSS before the customers (after a warm-up) | ${r.rssBefore.toFixed(1)} MiB |`,
    `| server RSS holding the timers | ${r.rssHeld.toFixed(1)} MiB |`,
    `| server RSS after they all fired | ${r.rssAfter.toFixed(1)} MiB |`,
    `| used heap after a full collection: before / holding the timers / after they fired | ${r.heapBefore.toFixed(1)} / ${r.heapHeld.toFixed(1)} / ${r.heapAfter.toFixed(1)} MiB |`,
    `| inactivity and expiry timers fired (completed) / set | ${r.fired} / ${r.timed} |`,
    `| lateness (started_on - start_after) p50 / p95 / p99 / max | ${r.late.p50} / ${r.late.p95} / ${r.late.p99} / ${r.late.max} ms |`,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| server memory held for ${r.peakPending} pending timers (used heap after a full collection) | ${growthMB.toFixed(1)} MB | <= ${TARGET_GROWTH_MB} MB | **${growthPass ? 'pass' : 'FAIL'}** |`,
    `| the same as resident memory (lowest while idle) | ${rssGrowthMB.toFixed(1)} MB | (shown for reference) | |`,
    `| each timer fired within 2 s of its due time | max ${r.late.max} ms (${r.lateOver} of ${r.fired} later than 2 s) | <= ${TARGET_LATE_MS} ms | **${latePass ? 'pass' : 'FAIL'}** |`,
    '',
  ].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-timers-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  try {
    mkdirSync(path.join(here, '../.tmp'), { recursive: true });
    server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(here, '../.tmp/timers-server.log'),
      inspect: true,
    });
    await db.connect();
    const token = await login(server.baseUrl);
    const queues = [];
    for (const [i, color] of ['#2563eb', '#16a34a'].entries()) {
      queues.push(
        await api(server.baseUrl, token, 'POST', '/queue', { name: `Fila ${i + 1}`, color, greetingMessage: 'Olá', orderQueue: i + 1 }),
      );
    }
    const connection = await api(server.baseUrl, token, 'POST', '/whatsapp', {
      name: 'Bench timers',
      provider: 'simulator',
      greetingMessage: 'Olá! Escolha um setor:',
      queueIds: queues.map((q) => q.id),
    });
    await db.query(
      `update connections set time_inactive_message = $2, inactive_message = 'Ainda está aí?', expires_ticket = $3,
         expires_inactive_message = 'Encerramos por falta de resposta', max_use_bot_queues = 0 where id = $1`,
      [connection.id, INACTIVE_MINUTES, EXPIRE_MINUTES],
    );
    // The warm-up's own connection answers the same menu but sets no inactivity or expiry timer: its 200
    // customers write at once (a warm-up is not paced), so their timers would come due in the same second,
    // the expiries among the first measured timers (the warm-up is written a settle before them, and expiry
    // is one minute after inactivity). Their automatic closes are held with the rest.
    const warmUpConnection = await api(server.baseUrl, token, 'POST', '/whatsapp', {
      name: 'Bench timers warm-up',
      provider: 'simulator',
      greetingMessage: 'Olá! Escolha um setor:',
      queueIds: queues.map((q) => q.id),
    });
    await db.query(`update connections set time_inactive_message = 0, expires_ticket = 0, max_use_bot_queues = 0 where id = $1`, [
      warmUpConnection.id,
    ]);
    await api(server.baseUrl, token, 'PUT', '/settings/autoCloseTicketHours', { value: '1' });
    const send = (number, i, to = connection) =>
      fetch(`${server.baseUrl}/simulator/${to.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${to.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: number, name: `Cliente ${i}`, body: 'oi' }),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`simulator answered ${res.status}`);
      });
    // Warm-up on other numbers (pool, prepared statements, JIT); their automatic closes are part of the count.
    const base = 5511900000000;
    await pool(
      Array.from({ length: WARM_UP }, (_, i) => () => send(String(base + 900_000 + i), i, warmUpConnection)),
      IN_FLIGHT,
    );
    const rssBefore = await settledRss(server.pid);
    const heapBefore = await heapAfterGc(server.inspectPort);
    log(`RSS before: ${rssBefore.toFixed(1)} MiB, heap after GC ${heapBefore.toFixed(1)} MiB`);

    const started = Date.now();
    await pool(
      Array.from({ length: CUSTOMERS }, (_, i) => () => send(String(base + i), i)),
      IN_FLIGHT,
    );
    const expected = 3 * CUSTOMERS + WARM_UP;
    for (let waited = 0; (await silenceJobs(db, 'created')) < expected && waited < 120_000; waited += 500) await sleep(500);
    const writeMs = Date.now() - started;
    const peakPending = await silenceJobs(db, 'created');
    const rssHeld = await settledRss(server.pid);
    const heapHeld = await heapAfterGc(server.inspectPort);
    log(`${peakPending} timers pending after ${writeMs} ms; RSS ${rssHeld.toFixed(1)} MiB, heap after GC ${heapHeld.toFixed(1)} MiB`);

    // Wait until every timer is due and done (the last expiry is EXPIRE_MINUTES after the last write).
    let loadFiring = 0;
    const deadline = started + writeMs + EXPIRE_MINUTES * 60_000 + 180_000;
    for (;;) {
      const left = await db
        .query(
          `select count(*)::int as n from pgboss.job where name = 'automation.silence' and state in ('created', 'retry', 'active')
             and data->>'kind' <> 'autoClose'`,
        )
        .then((r) => r.rows[0].n);
      if (Date.now() > started + INACTIVE_MINUTES * 60_000 && loadFiring === 0) loadFiring = os.loadavg()[0];
      if (left === 0 || Date.now() > deadline) break;
      await sleep(2000);
    }
    const rssAfter = await settledRss(server.pid);
    const heapAfter = await heapAfterGc(server.inspectPort);
    const rows = await db.query(
      `select (extract(epoch from (started_on - start_after)) * 1000)::int as late, state
         from pgboss.job where name = 'automation.silence' and started_on is not null and data->>'kind' <> 'autoClose'`,
    );
    const lates = rows.rows.map((r) => Math.max(0, r.late)).sort((a, b) => a - b);
    const created = await db.query(`select count(*)::int as n from pgboss.job where name = 'automation.silence'`).then((r) => r.rows[0].n);
    const timed = await db
      .query(`select count(*)::int as n from pgboss.job where name = 'automation.silence' and data->>'kind' <> 'autoClose'`)
      .then((r) => r.rows[0].n);
    const fired = rows.rows.filter((r) => r.state === 'completed').length;
    const late = { p50: percentile(lates, 50), p95: percentile(lates, 95), p99: percentile(lates, 99), max: lates.at(-1) ?? Number.NaN };
    log(`fired ${fired}/${created}; lateness p50 ${late.p50} p99 ${late.p99} max ${late.max} ms; RSS after ${rssAfter.toFixed(1)} MiB`);
    const text = render({
      machine,
      pgVersion,
      loadBefore,
      loadFiring,
      loadAfter: os.loadavg()[0],
      writeMs,
      created,
      peakPending,
      rssBefore,
      rssHeld,
      rssAfter,
      heapBefore,
      heapHeld,
      heapAfter,
      fired,
      timed,
      late,
      lateOver: lates.filter((l) => l > TARGET_LATE_MS).length,
    });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/automation-timers.md'), text);
    log('wrote bench/results/automation-timers.md');
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    killAllServers();
    if (!process.env.BENCH_KEEP_DB) await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

runBench(main, { dbName: DB_NAME, dirs });
