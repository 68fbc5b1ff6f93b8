// 10,000 schedules due in the same minute (issue 15), on PostgreSQL, of the built server (`npm run build`
// first). The schedules are written through POST /schedules (each queues its own delayed job), all due
// at the same instant, the start of a minute; then the bench waits for every scheduled message to reach
// the provider (the simulator's outbox row, stamped by the server). The figure is each message's lateness:
// outbox created_at - sendAt. Target: every one within 60 s. Writes bench/results/schedules.md.
// Loopback only; the server is stopped and the database dropped afterwards, also on failure or Ctrl-C.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { percentile, pool } from '../lib/load.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const SCHEDULES = Number(process.env.BENCH_SCHEDULES) || 10_000;
const IN_FLIGHT = 50;
const WARM_UP = 300;
const TARGET_MS = 60_000;
const DB_NAME = `chatflow_bench_schedules_${process.pid}`;
const log = (msg) => console.log(`[bench:schedules] ${msg}`);
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

function render({ machine, pgVersion, f, loadBefore, loadDuring, loadAfter }) {
  const pass = f.delivered === SCHEDULES && f.max <= TARGET_MS;
  return [
    '## Schedules: 10,000 scheduled messages due in the same minute',
    '',
    'Written by `BENCH_ONLY=schedules npm run bench` (bench/schedules/run.mjs). Do not edit by hand; re-run to refresh.',
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
    `| load average (1 min) at start / when due / end | ${loadBefore.toFixed(2)} / ${loadDuring.toFixed(2)} / ${loadAfter.toFixed(2)} |`,
    '',
    ...(loadBefore > os.availableParallelism() / 2
      ? [
          "**Warning: the machine was busy with other work (load average above half the CPUs); the lateness is an upper bound of a quiet machine's.**",
          '',
        ]
      : []),
    `${SCHEDULES} schedules (one per contact, one connection, the simulator) made through POST /schedules, all due at the same instant (${f.dueAt}). One node on PostgreSQL, its worker taking the dispatch queue in batches of 50, eight at once. Lateness: the message's row in the simulator's outbox (the provider) minus its sendAt.`,
    '',
    '| delivered | p50 | p95 | p99 | max | creating the schedules took |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${f.delivered}/${SCHEDULES} | ${f.p50} ms | ${f.p95} ms | ${f.p99} ms | ${f.max} ms | ${f.createMs} ms |`,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| every one of ${SCHEDULES} schedules due in one minute sent within 60 s of its time | max ${f.max} ms, ${f.delivered}/${SCHEDULES} sent | <= ${TARGET_MS} ms | **${pass ? 'pass' : 'FAIL'}** |`,
    '',
  ].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-schedules-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  try {
    mkdirSync(path.join(here, '../.tmp'), { recursive: true });
    server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(here, '../.tmp/schedules-server.log'),
    });
    await db.connect();
    const token = await login(server.baseUrl);
    const me = await api(server.baseUrl, token, 'GET', '/auth/me');
    const connection = await api(server.baseUrl, token, 'POST', '/whatsapp', {
      name: 'Bench agenda',
      provider: 'simulator',
      isDefault: true,
    });
    const base = 5511800000000;
    const { rows: contacts } = await db.query(
      `insert into contacts (company_id, name, number)
       select $1, 'Cliente ' || i, ($2::bigint + i)::text from generate_series(1, $3) i returning id, number`,
      [me.companyId, base, SCHEDULES],
    );
    await sleep(3000); // pg-boss creates its queues at start

    // The POSTs' pace on this machine, measured on a warm-up of schedules due tomorrow (never fired
    // here), sets how far ahead the measured ones are due: all must be made before their time.
    const post = (c, sendAt) =>
      api(server.baseUrl, token, 'POST', '/schedules', { contactId: c.id, sendAt, body: `Lembrete agendado ${c.number}` });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const probeStarted = Date.now();
    await pool(
      contacts.slice(0, WARM_UP).map((c) => () => post(c, tomorrow)),
      IN_FLIGHT,
    );
    const perSchedule = (Date.now() - probeStarted) / WARM_UP;
    const due = new Date(Date.now() + perSchedule * SCHEDULES * 1.5 + 60_000);
    due.setSeconds(0, 0);
    due.setMinutes(due.getMinutes() + 1);
    const dueAt = due.toISOString();
    log(`${perSchedule.toFixed(1)} ms per POST; creating ${SCHEDULES} schedules due at ${dueAt}`);
    const started = Date.now();
    await pool(
      contacts.map((c) => () => post(c, dueAt)),
      IN_FLIGHT,
    );
    const createMs = Date.now() - started;
    log(`created in ${createMs} ms; waiting for ${dueAt}`);
    if (Date.now() >= due.getTime()) throw new Error('the schedules were not all made before their time: raise the lead');
    await sleep(due.getTime() - Date.now());
    let loadDuring = os.loadavg()[0];
    const deadline = due.getTime() + 5 * 60_000;
    let delivered = 0;
    for (;;) {
      const { rows } = await db.query('select count(*)::int as n from simulator_outbox where connection_id = $1', [connection.id]);
      delivered = rows[0].n;
      if (Date.now() - due.getTime() < 30_000) loadDuring = Math.max(loadDuring, os.loadavg()[0]);
      if (delivered >= SCHEDULES || Date.now() > deadline) break;
      await sleep(500);
    }
    const { rows: lateness } = await db.query(
      `select extract(epoch from (created_at - $2::timestamptz)) * 1000 as ms from simulator_outbox where connection_id = $1`,
      [connection.id, dueAt],
    );
    const sorted = lateness.map((r) => Math.round(Number(r.ms))).sort((a, b) => a - b);
    const f = {
      dueAt,
      createMs,
      delivered: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
    };
    log(`${f.delivered}/${SCHEDULES} delivered; lateness p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms`);
    const text = render({ machine, pgVersion, f, loadBefore, loadDuring, loadAfter: os.loadavg()[0] });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/schedules.md'), text);
    log('wrote bench/results/schedules.md');
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

runBench(main, { dbName: DB_NAME, dirs });
