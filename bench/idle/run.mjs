// Idle cost (issue 34): the built server left alone, on PGlite and on PostgreSQL, over IDLE_SECONDS:
// its CPU share (of one core, from /proc) and the database statements it sends (counted in the
// process by count-statements.mjs; on PostgreSQL also the database's own transaction count), beside
// the floor: a bare idle `node` process measured over the same seconds. Writes bench/results/idle.md.
// BENCH_IDLE_LABEL names the run (default "latest"): the last run of each label is kept in
// results/idle-runs.json and every label is shown, so a change can be measured before and after.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForIdleProcess } from '../lib/cpu.mjs';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, REPO_ROOT, removeDir, SERVER_ENTRY, startServer, tempDir } from '../lib/server.mjs';
import { renderIdle } from './report.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** After the start: the first cron minute, queue creation and the first sweeps are done by then. */
const WARM_UP_SECONDS = Number(process.env.BENCH_IDLE_WARM_UP_SECONDS ?? 20);
const LABEL = process.env.BENCH_IDLE_LABEL ?? 'latest';
/** BENCH_IDLE_DATABASES=postgres (or pglite) measures only that one (for trying a change quickly). */
const DATABASES = (process.env.BENCH_IDLE_DATABASES ?? 'pglite,postgres').split(',');
const TARGETS = { cpuPctOfCore: 0.5, statementsPerSecond: 1 };
const TICKS_PER_SECOND = 100;
const LOG_DIR = path.join(here, '../.tmp');
const RUNS_FILE = path.join(here, '../results/idle-runs.json');
const DB_NAME = `chatflow_bench_idle_${process.pid}`;
const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const log = (msg) => console.log(`[bench idle] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ticks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(after[11]) + Number(after[12]);
}

/** Asks the server to write its statement count (count-statements.mjs) and reads it. */
async function statementCount(pid, file) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await sleep(10);
    const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (now && now !== before) return JSON.parse(now);
  }
  throw new Error('the server did not write its statement count');
}

/** PostgreSQL's own count for the bench database: committed and rolled-back transactions, and its backends. */
async function databaseStats(client) {
  // The statistics of other backends reach the view within a second of their transactions.
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query(
    'select xact_commit + xact_rollback as xacts, (select array_agg(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) as pids from pg_stat_database where datname = $1',
    [DB_NAME],
  );
  return { xacts: Number(rows[0].xacts), pids: rows[0].pids ?? [] };
}

function backendTicks(pids) {
  let sum = 0;
  for (const pid of pids) {
    try {
      sum += ticks(pid);
    } catch {
      // the backend ended
    }
  }
  return sum;
}

/** A bare `node` process doing nothing: what an idle Node.js costs on this machine at this moment. */
function startFloor() {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
}

async function measure(database, { databaseUrl = null } = {}) {
  const dataDir = tempDir('chatflow-idle-');
  const logFile = path.join(LOG_DIR, `idle-${database}.log`);
  const countFile = path.join(dataDir, 'statements.json');
  const env = { NODE_OPTIONS: `--import=${path.join(here, 'count-statements.mjs')}`, BENCH_STATEMENT_FILE: countFile };
  try {
    // The first start migrates and seeds; the measured process is a second start on that database.
    const first = await startServer({ dataDir, databaseUrl, logFile });
    await first.stop();
    const s = await startServer({ dataDir, databaseUrl, logFile, env });
    const floor = startFloor();
    const admin = databaseUrl ? new pg.Client({ connectionString: databaseUrl.replace(`/${DB_NAME}`, '/postgres') }) : null;
    try {
      await admin?.connect();
      log(`${database}: warm-up ${WARM_UP_SECONDS} s`);
      await sleep(WARM_UP_SECONDS * 1000);
      await waitForIdleProcess(s.pid, { maxSeconds: 60, share: 0.05 });
      const load = os.loadavg()[0];
      const start = {
        server: ticks(s.pid),
        floor: ticks(floor.pid),
        count: await statementCount(s.pid, countFile),
        db: admin ? await databaseStats(admin) : null,
        at: process.hrtime.bigint(),
      };
      const pgStart = start.db ? backendTicks(start.db.pids) : 0;
      log(`${database}: measuring ${IDLE_SECONDS} s`);
      await sleep(IDLE_SECONDS * 1000);
      const end = {
        server: ticks(s.pid),
        floor: ticks(floor.pid),
        count: await statementCount(s.pid, countFile),
        at: process.hrtime.bigint(),
      };
      const pgEnd = start.db ? backendTicks(start.db.pids) : 0;
      await sleep(1500); // the statistics of the last second reach pg_stat_database
      end.db = admin ? await databaseStats(admin) : null;
      // The seconds between the server's two counts (a minute-periodic job falls in a 60 s window once).
      const seconds = (end.count.at - start.count.at) / 1000;
      const pctOfCore = (t) => (100 * t) / TICKS_PER_SECOND / seconds;
      const result = {
        database,
        seconds,
        loadStart: load,
        loadEnd: os.loadavg()[0],
        serverCpuPct: pctOfCore(end.server - start.server),
        floorCpuPct: pctOfCore(end.floor - start.floor),
        statements: end.count.statements - start.count.statements,
        statementsPerSecond: (end.count.statements - start.count.statements) / seconds,
        // Our own two reads of the view are transactions of another database, not counted here.
        dbTransactionsPerSecond: start.db ? (end.db.xacts - start.db.xacts) / seconds : null,
        backendCpuPct: start.db ? pctOfCore(pgEnd - pgStart) : null,
        backends: start.db?.pids.length ?? null,
      };
      log(
        `${database}: server ${result.serverCpuPct.toFixed(2)}% of a core (floor ${result.floorCpuPct.toFixed(2)}%), ` +
          `${result.statementsPerSecond.toFixed(2)} statements/s` +
          (start.db
            ? `, ${result.dbTransactionsPerSecond.toFixed(2)} transactions/s in pg_stat_database, backends ${result.backendCpuPct.toFixed(2)}%`
            : ''),
      );
      if (end.count.byText) {
        const delta = Object.entries(end.count.byText).map(([text, n]) => [n - (start.count.byText[text] ?? 0), text]);
        for (const [n, text] of delta
          .filter(([n]) => n > 0)
          .sort((a, b) => b[0] - a[0])
          .slice(0, 80))
          log(`  ${n} × ${text}`);
      }
      return result;
    } finally {
      floor.kill('SIGKILL');
      await admin?.end();
      await s.stop();
    }
  } finally {
    removeDir(dataDir);
  }
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`no server build at ${SERVER_ENTRY}: run npm run build first`);
  mkdirSync(LOG_DIR, { recursive: true });
  const machine = describeMachine();
  const results = [];
  if (DATABASES.includes('pglite')) results.push(await measure('PGlite'));
  if (DATABASES.includes('postgres')) {
    const databaseUrl = await createDatabase(DB_NAME);
    try {
      results.push(await measure('PostgreSQL', { databaseUrl }));
    } finally {
      await dropDatabase(DB_NAME);
    }
  }
  const runs = existsSync(RUNS_FILE) ? JSON.parse(readFileSync(RUNS_FILE, 'utf8')) : {};
  runs[LABEL] = { machine, postgres: await postgresVersion(), entry: path.relative(REPO_ROOT, SERVER_ENTRY), results };
  writeFileSync(RUNS_FILE, `${JSON.stringify(runs, null, 2)}\n`);
  writeFileSync(path.join(here, '../results/idle.md'), renderIdle(runs, { targets: TARGETS, idleSeconds: IDLE_SECONDS }));
  log('wrote results/idle.md');
}

process.on('SIGINT', () => {
  killAllServers();
  process.exit(130);
});
main().catch((err) => {
  console.error(err);
  killAllServers();
  process.exitCode = 1;
});
