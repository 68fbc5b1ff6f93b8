// `BENCH_ONLY=dashboard npm run bench`: GET /dashboard for one month, GET /ticketreport/reports pages and
// the streamed report export, on the inbox benchmark company (bench/inbox/dataset*.mjs, reused), on
// PostgreSQL. Writes results/dashboard.md.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIG, databaseUrl, ensureDataset, SCALE } from '../inbox/dataset.mjs';
import { measureLatency, queryString, seededRandom } from '../lib/inbox-latency.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, rssMiB, SERVER_ENTRY, startServer, tempDir } from '../lib/server.mjs';
import { ensureHistory } from './history.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const LOG_DIR = path.join(here, '../.tmp');
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS) || 100;
const EXPORT_ROWS = 100_000;
const TARGETS = { dashboardP95: 200, reportP95: 50, exportSeconds: 15 };
const log = (msg) => console.log(`[bench:dashboard] ${msg}`);

async function bigCompany() {
  const c = new pg.Client({ connectionString: databaseUrl() });
  await c.connect();
  try {
    const companyId = (await c.query('select id from companies where name = $1', [BIG.name])).rows[0].id;
    const admin = (await c.query("select email from users where company_id = $1 and profile = 'admin' order by email limit 1", [companyId]))
      .rows[0].email;
    // Whole months of the dataset (it spans two years up to its generation), newest first.
    const { rows } = await c.query(
      `select to_char(m, 'YYYY-MM-DD') as from, to_char(m + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as to
       from generate_series(date_trunc('month', (select max(created_at) from tickets where company_id = $1)) - interval '12 months',
                            date_trunc('month', (select max(created_at) from tickets where company_id = $1)) - interval '1 month', interval '1 month') m`,
      [companyId],
    );
    const perMonth = (
      await c.query(
        "select count(*)::int as n from tickets where company_id = $1 and created_at >= $2::date and created_at < $2::date + interval '1 month'",
        [companyId, rows[rows.length - 1].from],
      )
    ).rows[0].n;
    // The export's range: the newest days holding at least EXPORT_ROWS tickets.
    const { rows: exportFrom } = await c.query(
      `select to_char(created_at, 'YYYY-MM-DD') as day from tickets where company_id = $1 order by created_at desc offset $2 limit 1`,
      [companyId, EXPORT_ROWS],
    );
    const { rows: newest } = await c.query(
      `select to_char(date_trunc('month', max(created_at)), 'YYYY-MM-DD') as from, to_char(max(created_at), 'YYYY-MM-DD') as to
       from tickets where company_id = $1`,
      [companyId],
    );
    return { companyId, admin, months: rows, current: newest[0], perMonth, exportFrom: exportFrom[0]?.day ?? '2000-01-01' };
  } finally {
    await c.end();
  }
}

/** Streams the export, counting bytes and sampling the server's memory while it runs. */
function measureExport(baseUrl, token, query, pid) {
  return new Promise((resolve, reject) => {
    const rss = [rssMiB(pid)];
    const sampler = setInterval(() => rss.push(rssMiB(pid)), 100);
    const started = process.hrtime.bigint();
    let firstByteMs = null;
    let bytes = 0;
    const req = http.get(
      `${baseUrl}/ticketreport/export${queryString(query)}`,
      { headers: { authorization: `Bearer ${token}` } },
      (res) => {
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        res.on('data', (chunk) => {
          if (firstByteMs === null) firstByteMs = Number(process.hrtime.bigint() - started) / 1e6;
          bytes += chunk.length;
        });
        res.on('end', () => {
          clearInterval(sampler);
          resolve({
            seconds: Number(process.hrtime.bigint() - started) / 1e9,
            firstByteMs,
            bytes,
            rssBefore: rss[0],
            rssMax: Math.max(...rss),
            rssSamples: rss,
          });
        });
      },
    );
    req.on('error', (err) => {
      clearInterval(sampler);
      reject(err);
    });
  });
}

const ms = (n) => `${n.toFixed(1)} ms`;

/** The tables a month's figures read; the bulk loads leave them unvacuumed (no visibility map). */
const READ_TABLES = ['tickets', 'ticket_trackings', 'ticket_logs', 'user_ratings'];

/**
 * A live server's autovacuum keeps these tables' visibility maps (tickets at 2% dead rows, migration 0003;
 * the insert-only history by its insert threshold), so counts over a month walk the index alone. Where this
 * PostgreSQL runs with autovacuum off (this machine's CI configuration), the bench runs those VACUUMs itself,
 * as the inbox suite does; it answers whether it did.
 */
async function vacuumLikeAutovacuum(connectionString) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    const { rows } = await c.query("select current_setting('autovacuum') as on");
    if (rows[0].on === 'on') return false;
    for (const table of READ_TABLES) {
      log(`autovacuum is off here: vacuum (analyze) ${table}`);
      await c.query(`vacuum (analyze) ${table}`);
    }
    return true;
  } finally {
    await c.end();
  }
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  mkdirSync(LOG_DIR, { recursive: true });
  const loadBefore = os.loadavg();
  const dataset = await ensureDataset(log);
  const history = await ensureHistory(databaseUrl(), log);
  const vacuumed = await vacuumLikeAutovacuum(databaseUrl());
  const dataDir = tempDir('chatflow-bench-dashboard-');
  log('starting the server on the dataset (pending migrations run now)');
  const server = await startServer({
    dataDir,
    databaseUrl: databaseUrl(),
    logFile: path.join(LOG_DIR, 'dashboard-server.log'),
    timeoutMs: 60 * 60_000,
  });
  try {
    const world = await bigCompany();
    const token = await login(server.baseUrl, world.admin, 'Bench123');
    const rnd = seededRandom(20261124);
    const month = () => rnd.pick(world.months);

    // The screen's default: the dataset's newest month from its first day (as "this month" is to a live company).
    const current = world.current;
    const currentNext = () => ({ path: `/dashboard${queryString({ date_from: current.from, date_to: current.to })}`, token });
    await measureLatency({ baseUrl: server.baseUrl, next: currentNext, count: 10, workers: 2 });
    const dashboard = await measureLatency({ baseUrl: server.baseUrl, next: currentNext, count: REQUESTS, workers: 2 });
    log(`GET /dashboard current month: p50 ${ms(dashboard.p50)} p95 ${ms(dashboard.p95)} (${dashboard.errors} errors)`);
    const dashboardNext = () => {
      const m = month();
      return { path: `/dashboard${queryString({ date_from: m.from, date_to: m.to })}`, token };
    };
    const past = await measureLatency({ baseUrl: server.baseUrl, next: dashboardNext, count: REQUESTS, workers: 2 });
    log(`GET /dashboard a past month: p50 ${ms(past.p50)} p95 ${ms(past.p95)} (${past.errors} errors)`);

    const reportNext = () => {
      const m = month();
      return {
        path: `/ticketreport/reports${queryString({ dateFrom: m.from, dateTo: m.to, page: rnd.int(1, 20), pageSize: rnd.pick([5, 10, 20, 50]) })}`,
        token,
      };
    };
    await measureLatency({ baseUrl: server.baseUrl, next: reportNext, count: 20, workers: 2 });
    const report = await measureLatency({ baseUrl: server.baseUrl, next: reportNext, count: REQUESTS * 2, workers: 2 });
    log(`GET /ticketreport/reports page: p50 ${ms(report.p50)} p95 ${ms(report.p95)} (${report.errors} errors)`);

    const exported = await measureExport(server.baseUrl, token, { dateFrom: world.exportFrom }, server.pid);
    log(
      `export from ${world.exportFrom}: ${exported.seconds.toFixed(1)} s, ${(exported.bytes / 1048576).toFixed(1)} MiB, RSS ${exported.rssBefore.toFixed(0)} → max ${exported.rssMax.toFixed(0)} MiB`,
    );

    const loadAfter = os.loadavg();
    const verdict = (ok) => (ok ? 'met' : '**missed**');
    const text = [
      '## Dashboard: counters for a month, report pages and the streamed export (issue 17)',
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs; load average before ${loadBefore.map((x) => x.toFixed(1)).join(' / ')}, after ${loadAfter.map((x) => x.toFixed(1)).join(' / ')} (1/5/15 min).`,
      '',
      `Dataset: the inbox benchmark company at scale ${SCALE} (${Math.round(BIG.tickets * SCALE).toLocaleString('en')} tickets over two years; the newest whole month holds ${world.perMonth.toLocaleString('en')}) ${dataset?.reused ? '(reused)' : ''}; attendance history ${history.reused ? 'reused' : `added in ${history.seconds?.toFixed(0)} s`}.${vacuumed ? ` This PostgreSQL runs with autovacuum off (its CI configuration), so the bench ran the VACUUM autovacuum would have run on ${READ_TABLES.join(', ')}.` : ''}${SCALE === 1 ? '' : ' **Not the target scale**: a month here holds fewer tickets than at 1,000,000.'}`,
      '',
      '| what | p50 | p95 | target | verdict | requests |',
      '| --- | --- | --- | --- | --- | --- |',
      `| GET /dashboard, the current month (${current.from} to ${current.to}, the screen's default) | ${ms(dashboard.p50)} | ${ms(dashboard.p95)} | p95 ≤ ${TARGETS.dashboardP95} ms | ${verdict(dashboard.p95 <= TARGETS.dashboardP95 && !dashboard.errors)} | ${dashboard.requests} (${dashboard.errors} errors) |`,
      `| GET /dashboard, a whole past month (random among the last 12) | ${ms(past.p50)} | ${ms(past.p95)} | p95 ≤ ${TARGETS.dashboardP95} ms | ${verdict(past.p95 <= TARGETS.dashboardP95 && !past.errors)} | ${past.requests} (${past.errors} errors) |`,
      `| GET /ticketreport/reports, one month, pages 1-20, sizes 5-50 | ${ms(report.p50)} | ${ms(report.p95)} | p95 ≤ ${TARGETS.reportP95} ms | ${verdict(report.p95 <= TARGETS.reportP95 && !report.errors)} | ${report.requests} (${report.errors} errors) |`,
      '',
      `Export (GET /ticketreport/export from ${world.exportFrom}, at least ${EXPORT_ROWS.toLocaleString('en')} rows): ${exported.seconds.toFixed(1)} s to the last byte (target ≤ ${TARGETS.exportSeconds} s: ${verdict(exported.seconds <= TARGETS.exportSeconds)}), first byte after ${exported.firstByteMs?.toFixed(0)} ms, ${(exported.bytes / 1048576).toFixed(1)} MiB; server RSS ${exported.rssBefore.toFixed(0)} MiB before, at most ${exported.rssMax.toFixed(0)} MiB during (${exported.rssSamples.length} samples every 100 ms).`,
      '',
      "The month's tickets are read from the index on (company, creation) alone; their attendances, ratings and create logs from the range of ticket ids those tickets span, each from an index that carries the columns read (migration 0025), so a past month costs what the current month costs.",
      '',
      'Two requests in flight at once, latency from sending to the last byte, as the admin of the big company. The machine was shared with other work while this ran; the load average above says how much.',
      '',
    ].join('\n');
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/dashboard.md'), text);
    log('wrote results/dashboard.md');
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  killAllServers();
  process.exit(1);
});
