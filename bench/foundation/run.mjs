// Foundation benchmarks (issue 2) of the built server (build first: `npm run build`). Writes bench/results/foundation.md.
// Order: warm start on PGlite, GET /auth/me under load on PostgreSQL, idle RSS on both.
// Only loopback addresses; every server started here is stopped and the bench database dropped,
// also when a step fails.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMeter } from '../lib/cpu.mjs';
import { runAutocannon, runPaced } from '../lib/load.mjs';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { renderResults } from '../lib/foundation-report.mjs';
import { killAllServers, login, removeDir, rssMiB, SERVER_ENTRY, startServer, tempDir } from '../lib/server.mjs';
import { waitForQuiet } from '../lib/quiet.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGETS = { warmStartMs: 3000, p95Ms: 5, rssMb: 200 };
const WARM_RUNS = 5;
const IDLE_SECONDS = 30;
/**
 * The fixed-rate runs use BENCH_RATE when given; otherwise half of the throughput the unthrottled run
 * measured, capped at 2000 req/s. A fixed rate above what the machine can serve only measures a queue
 * that grows for the whole run, which says nothing about the time to serve a request.
 */
const LOAD = { connections: 200, durationSeconds: 15, maxRate: 2000, rate: Number(process.env.BENCH_RATE) || null };
const DB_NAME = `chatflow_bench_${process.pid}`;
const DISTURBED_PCT = 15;
const MAX_TRIES = 3;
const LOG_DIR = path.join(here, '../.tmp');
/** Temporary data directories, removed at the end and on Ctrl-C. */
const tempDirs = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const log = (msg) => console.log(`[bench] ${msg}`);

async function warmStart(dataDir) {
  const logFile = path.join(LOG_DIR, 'warm-start.log');
  const first = await startServer({ dataDir, logFile });
  await first.stop();
  log(`first start (migrate + seed): ${first.startMs.toFixed(0)} ms`);
  const runs = [];
  const disturbed = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    // A start during which other work took more than DISTURBED_PCT of the CPUs is repeated (bounded).
    let best = null;
    for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
      const cpu = cpuMeter();
      const s = await startServer({ dataDir, logFile });
      const other = cpu(s.pid).other;
      await s.stop();
      if (!best || other < best.other) best = { ms: s.startMs, other };
      if (other <= DISTURBED_PCT) break;
      log(`warm start ${i + 1}: ${other.toFixed(0)}% of the CPUs went to other work; trying again`);
      if (attempt < MAX_TRIES) await waitForQuiet(60, log);
    }
    runs.push(best.ms);
    disturbed.push(best.other);
    log(`warm start ${i + 1}/${WARM_RUNS}: ${best.ms.toFixed(0)} ms (other work ${best.other.toFixed(0)}%)`);
  }
  return { firstMs: first.startMs, runs, disturbed, median: median(runs), max: Math.max(...runs) };
}

/**
 * Idle memory of a started server: each database is made fresh here and started once to migrate and
 * seed it, so this figure never depends on what an earlier step (or an earlier build) left behind;
 * the measured process is the second start, left alone for IDLE_SECONDS.
 */
async function idleRss(database, options) {
  const logFile = path.join(LOG_DIR, `idle-${database}.log`);
  const first = await startServer({ ...options, logFile });
  await first.stop();
  const s = await startServer({ ...options, logFile });
  try {
    log(`${database}: idle ${IDLE_SECONDS} s`);
    await sleep(IDLE_SECONDS * 1000);
    const mib = rssMiB(s.pid);
    log(`${database}: VmRSS ${mib.toFixed(1)} MiB`);
    return { database, idleSeconds: IDLE_SECONDS, mib, mb: (mib * 1024 * 1024) / 1e6 };
  } finally {
    await s.stop();
  }
}

async function authMeLoad(databaseUrl, dataDir) {
  const s = await startServer({ dataDir, databaseUrl, logFile: path.join(LOG_DIR, 'load-postgres.log') });
  try {
    const token = await login(s.baseUrl);
    const url = `${s.baseUrl}/auth/me`;
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`GET /auth/me answered ${check.status} before the load`);

    log('warm-up: 3 s, 50 connections (not reported)');
    await runAutocannon({ url, headers, connections: 50, durationSeconds: 3 });
    const results = [];
    // A run that other work on the machine disturbed (more than DISTURBED_PCT of the CPUs) is repeated
    // after waiting for a quieter moment, at most MAX_TRIES times; the least disturbed try is kept.
    const measure = async (name, run) => {
      let best = null;
      for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
        const cpu = cpuMeter(s.pid);
        const r = await run();
        r.cpu = cpu();
        r.tries = attempt;
        if (!best || r.cpu.other < best.cpu.other) best = { ...r, tries: attempt };
        if (r.cpu.other <= DISTURBED_PCT) break;
        log(`${name}: ${r.cpu.other.toFixed(0)}% of the CPUs went to other work; trying again`);
        if (attempt < MAX_TRIES) await waitForQuiet(120, log);
      }
      results.push([name, best]);
      return best;
    };
    log(`saturation: ${LOAD.connections} connections, ${LOAD.durationSeconds} s, as fast as it answers`);
    const saturated = await measure(`autocannon, ${LOAD.connections} connections, unthrottled`, () =>
      runAutocannon({ url, headers, connections: LOAD.connections, durationSeconds: LOAD.durationSeconds }),
    );
    const rate = LOAD.rate ?? Math.max(50, Math.min(LOAD.maxRate, Math.floor(saturated.reqPerSec / 2 / 50) * 50));
    log(`autocannon overallRate ${rate} req/s over ${LOAD.connections} connections`);
    await measure(`autocannon, ${LOAD.connections} connections, overallRate ${rate} req/s`, () =>
      runAutocannon({ url, headers, connections: LOAD.connections, durationSeconds: LOAD.durationSeconds, overallRate: rate }),
    );
    log(`paced open loop ${rate} req/s over up to ${LOAD.connections} connections`);
    await measure(`paced ${rate} req/s, up to ${LOAD.connections} keep-alive connections`, () =>
      runPaced({ url, headers, connections: LOAD.connections, durationSeconds: LOAD.durationSeconds, rate }),
    );
    for (const [name, r] of results) {
      log(
        `${name}: ${r.reqPerSec.toFixed(0)} req/s p50 ${r.p50.toFixed(2)} p95 ${r.p95.toFixed(2)} p99 ${r.p99.toFixed(2)} ms; ` +
          `CPU server ${r.cpu.server.toFixed(0)}% postgres ${r.cpu.postgres.toFixed(0)}% generator ${r.cpu.generator.toFixed(0)}% other ${r.cpu.other.toFixed(0)}%`,
      );
    }
    return { results, rate, afterLoadMb: (rssMiB(s.pid) * 1024 * 1024) / 1e6 };
  } finally {
    await s.stop();
  }
}

function loadNotes(load, rate) {
  const [sat, bursts, paced] = load.map(([, r]) => r);
  const why = LOAD.rate
    ? `${rate} req/s was set with BENCH_RATE.`
    : `${rate} req/s is half the unthrottled throughput (capped at ${LOAD.maxRate}): a fixed rate above what the machine can ` +
      'serve measures only a queue that grows for the whole run.';
  const little = (LOAD.connections / sat.reqPerSec) * 1000;
  return [
    `**Unthrottled (${LOAD.connections} connections).** Every connection sends its next request as soon as the previous ` +
      `answer arrives, so ${LOAD.connections} requests are always waiting at the server. By Little's law the mean ` +
      `latency is then connections / throughput = ${LOAD.connections} / ${sat.reqPerSec.toFixed(0)} req/s = ${little.toFixed(1)} ms: this run ` +
      `measures the server's throughput (${sat.reqPerSec.toFixed(0)} req/s on ${describeMachine().nproc} CPUs shared with the load generator), and its ` +
      `p95 (${sat.p95.toFixed(2)} ms) is queueing time, not the time to serve one request. A p95 of ${TARGETS.p95Ms} ms with ` +
      `${LOAD.connections} saturating connections would need about ${Math.round(LOAD.connections / (TARGETS.p95Ms / 1000))} req/s. ` +
      `Result: ${sat.p95 <= TARGETS.p95Ms ? 'meets' : 'does not meet'} the target.`,
    `**Fixed rate.** ${why}`,
    `**autocannon overallRate ${rate} req/s.** autocannon throttles each connection to rate / connections requests per ` +
      `second and resets all the counters on the same one-second tick, so the ${rate} requests of a second leave in a burst at ` +
      `its start (all ${LOAD.connections} connections at once) and the rest of the second is idle. Its latencies are those of a ` +
      `${LOAD.connections}-deep burst: p95 ${bursts.p95.toFixed(2)} ms. Result: ${bursts.p95 <= TARGETS.p95Ms ? 'meets' : 'does not meet'} the target.`,
    `**Paced ${rate} req/s.** The same rate sent evenly (one request every ${(1000 / rate).toFixed(2)} ms, open loop, ` +
      `up to ${LOAD.connections} keep-alive connections), the way many independent browsers arrive; latency counts from the moment a ` +
      `request was due (so a stall is charged for every request it delays). p95 ${paced.p95.toFixed(2)} ms ` +
      `(from the actual send: p50 ${paced.fromSend.p50.toFixed(2)}, p95 ${paced.fromSend.p95.toFixed(2)}, p99 ${paced.fromSend.p99.toFixed(2)} ms). ` +
      `Result: ${paced.p95 <= TARGETS.p95Ms ? 'meets' : 'does not meet'} the target. This is the figure that answers "how long does one ` +
      `GET /auth/me take while the server carries ${rate} req/s".`,
  ];
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  mkdirSync(LOG_DIR, { recursive: true });
  const loadBefore = await waitForQuiet(Number(process.env.BENCH_WAIT_QUIET_SECONDS ?? 180), log);
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const pgliteDir = tempDir('chatflow-bench-pglite-');
  const pgDir = tempDir('chatflow-bench-pg-');
  tempDirs.push(pgliteDir, pgDir);
  let dbCreated = false;
  try {
    log(`warm start on PGlite, ${WARM_RUNS} runs`);
    const warm = await warmStart(path.join(pgliteDir, 'data'));

    const databaseUrl = await createDatabase(DB_NAME);
    dbCreated = true;
    log(`GET /auth/me on PostgreSQL (${DB_NAME})`);
    const load = await authMeLoad(databaseUrl, path.join(pgDir, 'data'));

    const idleDatabaseUrl = await createDatabase(DB_NAME);
    const rss = [
      await idleRss('PGlite', { dataDir: path.join(pgliteDir, 'idle-data') }),
      {
        ...(await idleRss('PostgreSQL', { dataDir: path.join(pgDir, 'idle-data'), databaseUrl: idleDatabaseUrl })),
        afterLoadMb: load.afterLoadMb,
      },
    ];

    const notes = {
      load: loadNotes(load.results, load.rate),
      rss: [
        'Each idle figure is the second start of a database made fresh for it (PGlite data directory or PostgreSQL ' +
          `database; the first start migrated and seeded it), left alone for ${IDLE_SECONDS} s with jobs on, then \`VmRSS\` of the server process from \`/proc/<pid>/status\`. ` +
          'On PGlite the database engine (WebAssembly) lives inside the server process, so its memory is counted; ' +
          'on PostgreSQL it is a separate process and is not. The "after the load runs" figure is the PostgreSQL ' +
          'server that carried the load, read just before it stopped (not a target).',
        `The same server code on PostgreSQL idles at ${rss[1].mb.toFixed(0)} MB, so about ${(rss[0].mb - rss[1].mb).toFixed(0)} MB of the PGlite ` +
          'figure is the embedded database engine and its WebAssembly heap.',
      ],
      method: [
        `The server is the built \`server/dist/main.js\`, started as \`node server/dist/main.js\` on 127.0.0.1 with jobs on and LOG_LEVEL=warn ` +
          '(at info every request writes a log line; that cost is not part of these figures).',
        `Warm start: the same PGlite data directory started ${WARM_RUNS} times after a first start that migrated and seeded it; ` +
          'time from spawn to the first 200 of GET /version, polled every 10 ms. Target judged on the slowest run.',
        `Load: a fresh PostgreSQL database (${DB_NAME}, dropped afterwards), a token from POST /auth/login, a 3 s warm-up, ` +
          `then each run for ${LOAD.durationSeconds} s. Percentiles are nearest-rank over every 2xx response time of the run.`,
        'PostgreSQL is the local server with its default settings; the app uses a pool of 20 connections.',
      ],
    };
    machine.load = { before: loadBefore, after: os.loadavg()[0], quietBelow: os.availableParallelism() / 2 };
    const text = renderResults({ machine, postgresVersion: pgVersion, warm, load: load.results, rss, targets: TARGETS, notes });
    writeFileSync(path.join(here, '../results/foundation.md'), text);
    log('wrote bench/results/foundation.md');
  } finally {
    killAllServers();
    if (dbCreated) await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    removeDir(pgliteDir);
    removeDir(pgDir);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    killAllServers();
    for (const dir of tempDirs) removeDir(dir);
    dropDatabase(DB_NAME)
      .catch(() => {})
      .finally(() => process.exit(130));
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
