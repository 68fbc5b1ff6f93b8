// Inbox reads at scale (issue 3) against the built server (build first: `npm run build`) on PostgreSQL.
// Writes bench/results/inbox.md. Steps: wait for a quiet machine (bounded), make or reuse the dataset
// (dataset.mjs), start the server on it (pending migrations run there), log in an admin and a few
// agents, then measure each case at low concurrency (cases.mjs). Every server started here is
// stopped, also on failure or Ctrl-C; the dataset database is kept for the next run.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMeter } from '../lib/cpu.mjs';
import { measureLatency, seededRandom, summarize } from '../lib/inbox-latency.mjs';
import { renderInboxResults } from '../lib/inbox-report.mjs';
import { describeMachine } from '../lib/machine.mjs';
import { postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, REPO_ROOT, removeDir, SERVER_ENTRY, startServer, tempDir } from '../lib/server.mjs';
import { waitForQuiet } from '../lib/quiet.mjs';
import { waitForTicketsAutovacuum } from './autovacuum.mjs';
import { buildCases, TARGETS } from './cases.mjs';
import { databaseUrl, ensureDataset } from './dataset.mjs';
import { loadWorld } from './world.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const LOG_DIR = path.join(here, '../.tmp');
const SETTINGS = {
  requests: Number(process.env.BENCH_INBOX_REQUESTS) || 200,
  workers: Number(process.env.BENCH_INBOX_CONCURRENCY) || 2,
  warmup: 20,
  seed: Number(process.env.BENCH_INBOX_SEED) || 20261121,
};
/** Only cases whose name contains this text (for working on one query); the results then say so. */
const ONLY = process.env.BENCH_INBOX_CASES ?? '';
const tempDirs = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (msg) => console.log(`[bench:inbox] ${msg}`);

async function query(sql) {
  const c = new pg.Client({ connectionString: databaseUrl() });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

const appliedMigrations = async () => Number((await query('select count(*) as n from drizzle.__drizzle_migrations'))[0].n);

async function postgresDescription() {
  const rows = await query(
    "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit') order by name",
  );
  const show = (r) => {
    if (r.unit === '8kB') return `${r.name} ${(Number(r.setting) * 8) / 1024} MB`;
    if (r.unit === 'kB') return `${r.name} ${Number(r.setting) / 1024} MB`;
    return `${r.name} ${r.setting}`;
  };
  return { version: await postgresVersion(), settings: `${rows.map(show).join(', ')}` };
}

/**
 * PostgreSQL's buffer accesses (shared hits and reads) in the bench database so far: per request, a
 * measure of a query's work that other load on the machine does not change, unlike its latency.
 * A backend sends its statistics at most once a second, and an idle one within ten seconds, so the
 * reading waits STATS_FLUSH_MS for the server's connections to report everything before it
 * (BENCH_INBOX_STATS_FLUSH_MS=0 skips the wait for quick tries; the buffer figures are then partial).
 */
const STATS_FLUSH_MS = Number(process.env.BENCH_INBOX_STATS_FLUSH_MS ?? 11_000);
async function buffersSoFar(client) {
  await sleep(STATS_FLUSH_MS);
  const { rows } = await client.query('select blks_hit + blks_read as n from pg_stat_database where datname = current_database()');
  return Number(rows[0].n);
}

async function measureCases(baseUrl, cases, serverPid) {
  const results = [];
  const stats = new pg.Client({ connectionString: databaseUrl() });
  await stats.connect();
  try {
    for (const c of cases) results.push(await measureCase(baseUrl, c, serverPid, stats));
  } finally {
    await stats.end();
  }
  return results;
}

async function measureCase(baseUrl, c, serverPid, stats) {
  await measureLatency({ baseUrl, next: c.next, count: SETTINGS.warmup, workers: SETTINGS.workers });
  const buffersBefore = await buffersSoFar(stats);
  const cpu = cpuMeter(serverPid);
  const r = await measureLatency({ baseUrl, next: c.next, count: SETTINGS.requests, workers: SETTINGS.workers, inspect: c.inspect });
  r.cpu = cpu();
  r.buffersPerRequest = ((await buffersSoFar(stats)) - buffersBefore) / SETTINGS.requests;
  log(
    `${c.name}: p50 ${r.p50.toFixed(1)} p95 ${r.p95.toFixed(1)} p99 ${r.p99.toFixed(1)} ms, ${Math.round(r.buffersPerRequest)} buffers/request, ` +
      `${r.errors} errors, other CPU ${r.cpu.other.toFixed(0)}%`,
  );
  for (const f of r.failures) log(`  failed: ${f}`);
  return { ...c, ...r };
}

const pct = (n, d) => `${((100 * n) / Math.max(1, d)).toFixed(0)}%`;
/** What the autovacuum wait saw, in a sentence of the method. */
function vacuumSummary(v) {
  const state = (s) => `${s.dead.toLocaleString('en-US')} dead rows, ${pct(s.all_visible, s.pages)} of its pages all-visible`;
  if (v.byBench) {
    return `this PostgreSQL runs with autovacuum off (its CI configuration), so the bench ran the VACUUM autovacuum would have run (${(v.waitedMs / 1000).toFixed(0)} s), from ${state(v.before)} to ${state(v.after)}.`;
  }
  if (v.waitedMs < 1_000) return `it already was (${state(v.after)}).`;
  return `${v.caughtUp ? 'it took' : 'it had not caught up after'} ${(v.waitedMs / 1000).toFixed(0)} s, from ${state(v.before)} to ${state(v.after)}.`;
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  mkdirSync(LOG_DIR, { recursive: true });
  const loadBefore = await waitForQuiet(Number(process.env.BENCH_WAIT_QUIET_SECONDS ?? 180), log);
  const machine = describeMachine();
  const dataset = await ensureDataset(log);
  const postgres = await postgresDescription();

  const dataDir = tempDir('chatflow-bench-inbox-');
  tempDirs.push(dataDir);
  const before = await appliedMigrations();
  log('starting the server on the dataset (pending migrations run now)');
  const server = await startServer({
    dataDir,
    databaseUrl: databaseUrl(),
    logFile: path.join(LOG_DIR, 'inbox-server.log'),
    timeoutMs: 60 * 60_000,
  });
  try {
    const serverStart = { ms: server.startMs, applied: (await appliedMigrations()) - before };
    log(`server up in ${(server.startMs / 1000).toFixed(1)} s (${serverStart.applied} migration(s) applied)`);
    const vacuum = await waitForTicketsAutovacuum(databaseUrl(), log);
    const rnd = seededRandom(SETTINGS.seed);
    const world = await loadWorld(databaseUrl(), server.baseUrl, rnd);
    const cases = buildCases(world, rnd).filter((c) => c.name.includes(ONLY));
    const results = await measureCases(server.baseUrl, cases, server.pid);

    const groups = {};
    for (const group of Object.keys(TARGETS)) {
      const pooled = results.filter((r) => r.group === group).flatMap((r) => r.latencies);
      if (pooled.length) groups[group] = summarize(pooled);
    }
    for (const [group, g] of Object.entries(groups)) {
      log(`${TARGETS[group].what}: p95 ${g.p95.toFixed(1)} ms (target ${TARGETS[group].p95Ms} ms) over ${g.requests} requests`);
    }
    machine.load = { before: loadBefore, after: os.loadavg()[0], quietBelow: os.availableParallelism() / 2 };
    const method = [
      `The server is the built \`${path.relative(REPO_ROOT, SERVER_ENTRY)}\` on 127.0.0.1 with LOG_LEVEL=warn and jobs on, against the local PostgreSQL ` +
        "with its settings as listed above (nothing tuned for the bench); the app's pool holds 20 connections.",
      `Users: the big company's first admin and ${world.agents.length} plain agents (profile user, 2 or 3 queues each, no show-all, group or ` +
        'history flags), each logged in once through POST /auth/login; requests carry the access token as the web app does.',
      'Requests are those the web app sends (query strings as its api client writes them: lists as JSON arrays). Latency is measured ' +
        'by the client from sending to the last byte of the answer, so it includes HTTP, authentication, every query and the JSON.',
      "The dataset stays in the operating system's file cache between runs (the machine has far more memory than the database); " +
        "PostgreSQL's own shared_buffers are its default size. The warm-up requests of each case are not recorded.",
      `Before measuring, the run waits for autovacuum to bring the tickets table under its threshold (migration 0003 sets it at 2% ` +
        `dead rows): ${vacuumSummary(vacuum)}`,
      'Percentiles are nearest-rank over every answered request; a case fails when its p95 is over its target or any request failed.',
      ...(ONLY ? [`Only the cases whose name contains "${ONLY}" ran (BENCH_INBOX_CASES).`] : []),
    ];
    const text = renderInboxResults({
      machine,
      postgres,
      dataset,
      serverStart,
      groups,
      cases: results,
      targets: TARGETS,
      settings: SETTINGS,
      method,
    });
    writeFileSync(path.join(here, '../results/inbox.md'), text);
    log('wrote bench/results/inbox.md');
  } finally {
    await server.stop();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAllServers();
    for (const dir of tempDirs) removeDir(dir);
    process.exit(130);
  });
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    killAllServers();
    for (const dir of tempDirs) removeDir(dir);
  });
