// Web benchmarks of the /tickets route (issue 3) against the built app (build first: `npm run build`).
// Writes bench/results/web.md. Two figures: the JavaScript a logged-in user downloads to open /tickets
// (target <= 350 KB gzipped), and frames while 10,000 tickets scroll (target: no dropped frame).
// Runs the built server on a fresh PostgreSQL database chatflow_bench_web_<pid> (loopback only) and
// Chromium (playwright-core); every process started here is stopped and the database dropped, also
// when a step fails or the run is interrupted. Logs in bench/.tmp/.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, REPO_ROOT, removeDir, SERVER_ENTRY, startServer, tempDir } from '../lib/server.mjs';
import { CHROMIUM_ARGS, launchChromium, loginInBrowser, newPage, VIEWPORT } from '../lib/web-browser.mjs';
import { cpuShare } from '../lib/web-cpu.mjs';
import { installFrameRecorder, measureRefreshInterval, summarizeFrames } from '../lib/web-frames.mjs';
import { renderWebResults } from '../lib/web-report.mjs';
import { measureReferenceWheel } from '../lib/web-reference.mjs';
import { loadAllRows, renderedRows, scrollByFrames, scrollByWheel } from '../lib/web-scroll.mjs';
import { seedTickets } from '../lib/web-seed.mjs';
import { measureRouteWeight } from '../lib/web-weight.mjs';
import { waitForQuiet } from '../lib/quiet.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOG_DIR = path.join(here, '../.tmp');
const DB_NAME = `chatflow_bench_web_${process.pid}`;
const TARGETS = { routeKb: 350, droppedFrames: 0 };
const TICKETS = Number(process.env.BENCH_WEB_TICKETS) || 10_000;
/** Programmatic scrolling: pixels per animation frame (300 px at 60 Hz = 18,000 px/s, a fast fling; ~3 rows a frame). */
const PX_PER_FRAME = Number(process.env.BENCH_WEB_PX_PER_FRAME) || 300;
/** Wheel scrolling: the same speed, in pixels per second, through Chromium's input pipeline. */
const WHEEL_PX_PER_SECOND = Number(process.env.BENCH_WEB_WHEEL_PX_PER_SECOND) || 18_000;
/**
 * A scroll run during which work outside the benchmark took more than this share of the CPUs is tried
 * again. Lower than the other suites' 15%: a frame has 16.7 ms, so a few busy milliseconds of another
 * process already drop one (a run at 15% other work dropped 91 frames where a quiet one dropped 12).
 */
const DISTURBED_PCT = 10;
const MAX_TRIES = Number(process.env.BENCH_WEB_TRIES) || 2;
/**
 * Wheel runs, each followed by the reference page's: one run's count of dropped frames moves by
 * several between runs of the same build on this machine (and the reference page's by a few), so a
 * single run says little; every run is reported.
 */
const WHEEL_RUNS = Number(process.env.BENCH_WEB_WHEEL_RUNS) || 3;
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(REPO_ROOT, 'web/dist');

const log = (msg) => console.log(`[bench:web] ${msg}`);
let browser = null;
let dataDir = null;

async function measureWeight(baseUrl, agent) {
  const { context, page, errors } = await newPage(browser, baseUrl);
  try {
    await loginInBrowser(page, agent);
    log('weight: /tickets in Portuguese (the default)');
    const weight = await measureRouteWeight(page, '/tickets');
    log(`weight: ${(weight.totalGzip / 1024).toFixed(1)} KB gzipped in ${weight.files.length} files`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    log('weight: /tickets with English chosen');
    const weightEnglish = await measureRouteWeight(page, '/tickets');
    if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return { weight, weightEnglish };
  } finally {
    await context.close();
  }
}

/** Runs one scroll measurement, again (bounded) when other work on the machine disturbed it; keeps the least disturbed. */
async function measured(name, run) {
  let best = null;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    const cpu = cpuShare([process.pid]);
    const result = await run();
    result.cpu = cpu();
    result.loadAverage = os.loadavg()[0];
    if (!best || result.cpu.other < best.cpu.other) best = { ...result, keptTry: attempt };
    best.tries = attempt;
    if (result.cpu.other <= DISTURBED_PCT) break;
    log(`${name}: ${result.cpu.other.toFixed(0)}% of the CPUs went to other work${attempt < MAX_TRIES ? '; trying again' : ''}`);
    if (attempt < MAX_TRIES) await waitForQuiet(120, log);
  }
  return { name, ...best };
}

async function measureScrolling(baseUrl, agent) {
  const { context, page, errors } = await newPage(browser, baseUrl);
  try {
    await loginInBrowser(page, agent);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await installFrameRecorder(page);
    const intervalMs = await measureRefreshInterval(page);
    log(`refresh interval ${intervalMs.toFixed(2)} ms; loading ${TICKETS} tickets into the list`);
    const load = await loadAllRows(page, cdp, { target: TICKETS });
    load.summary = summarizeFrames(load.frames, intervalMs);
    log(`loaded ${load.loaded} rows in ${load.seconds.toFixed(1)} s`);

    const scrolls = [];
    const report = (run) => {
      run.summary = summarizeFrames(run.frames, intervalMs);
      const f = run.summary;
      log(
        `${run.name}: ${f.frames} frames, ${f.dropped} dropped, longest ${f.longest.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, ` +
          `main-thread CPU ${(run.work.mainThreadCpuMs / Math.max(1, f.frames)).toFixed(1)} ms/frame, other work ${run.cpu.other.toFixed(0)}%`,
      );
      scrolls.push(run);
    };
    log(`scrollTop steps of ${PX_PER_FRAME} px per frame, top to bottom and back`);
    report(await measured(`scrollTop ${PX_PER_FRAME} px per frame`, () => scrollByFrames(page, cdp, { pxPerFrame: PX_PER_FRAME })));

    // The same wheel run over a page without the app, in the list's box: what the machine drops by itself.
    const list = page.getByTestId('ticket-list');
    const box = { ...(await list.boundingBox()), viewportWidth: VIEWPORT.width, viewportHeight: VIEWPORT.height };
    const contentHeight = await list.evaluate((el) => el.scrollHeight);
    const references = [];
    for (let run = 1; run <= WHEEL_RUNS; run++) {
      const of = WHEEL_RUNS > 1 ? `, run ${run} of ${WHEEL_RUNS}` : '';
      log(`mouse wheel at ${WHEEL_PX_PER_SECOND} px/s, top to bottom and back${of}`);
      report(
        await measured(`mouse wheel ${WHEEL_PX_PER_SECOND.toLocaleString('en-US')} px/s${of}`, () =>
          scrollByWheel(page, cdp, { pxPerSecond: WHEEL_PX_PER_SECOND }),
        ),
      );
      log(`reference: the same wheel run over a page with no app, one element following the scroll${of}`);
      const reference = await measured(`reference page, mouse wheel${of}`, () =>
        measureReferenceWheel(browser, { box, contentHeight, pxPerSecond: WHEEL_PX_PER_SECOND, rowHeight: 92 }),
      );
      reference.summary = summarizeFrames(reference.frames, intervalMs);
      log(
        `reference: ${reference.summary.frames} frames, ${reference.summary.dropped} dropped, longest ${reference.summary.longest.toFixed(1)} ms`,
      );
      references.push(reference);
    }

    const rows = await renderedRows(page);
    if (rows > 60) throw new Error(`${rows} rows in the DOM after scrolling: the list is not virtualized`);
    if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    return { intervalMs, load, scrolls, references, rowsInDom: rows };
  } finally {
    await context.close();
  }
}

async function main() {
  for (const built of [SERVER_ENTRY, path.join(WEB_DIST, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  mkdirSync(LOG_DIR, { recursive: true });
  const loadBefore = await waitForQuiet(Number(process.env.BENCH_WAIT_QUIET_SECONDS ?? 180), log);
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  dataDir = tempDir('chatflow-bench-web-');
  const databaseUrl = await createDatabase(DB_NAME);
  try {
    const server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(LOG_DIR, 'web-server.log'),
      env: { WEB_DIST },
    });
    log(`server on ${server.baseUrl}, database ${DB_NAME}; seeding ${TICKETS} tickets`);
    const seedStarted = Date.now();
    const seed = await seedTickets({ baseUrl: server.baseUrl, databaseUrl, count: TICKETS });
    log(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    browser = await launchChromium();
    const chromium = { version: browser.version(), args: CHROMIUM_ARGS, viewport: VIEWPORT };

    const { weight, weightEnglish } = await measureWeight(server.baseUrl, seed.agent);
    const scrolling = await measureScrolling(server.baseUrl, seed.agent);
    await browser.close();
    browser = null;
    await server.stop();

    machine.load = { before: loadBefore, after: os.loadavg()[0], quietBelow: os.availableParallelism() / 2 };
    const notes = [
      'The app is the built one (`npm run build`): `server/dist/main.js` serving `web/dist` on 127.0.0.1, on a fresh PostgreSQL ' +
        `database (${DB_NAME}, dropped afterwards), LOG_LEVEL=warn.`,
      'Data: a queue, a simulator connection and an agent made through the API as the admin would; contacts and tickets in bulk ' +
        'SQL (`insert ... select ... generate_series`) following server/src/db/schema, then ANALYZE.',
      'Weight: Chromium logs in through the login form, then the browser cache is cleared and disabled (CDP Network) and /tickets is ' +
        'opened again; every response whose URL ends in .js or whose content-type is JavaScript counts, until the first ticket row shows, ' +
        'the network has been idle for 500 ms and 1.5 s more have passed (so code fetched just after the first paint counts too). ' +
        "That load asks for gzip only (Accept-Encoding: gzip), so a file's gzipped size is the content-length of the server's gzip answer; " +
        "a file it sends uncompressed is gzipped here at level 9. A second cold load with the browser's own Accept-Encoding gives the bytes Chromium actually transfers.",
      'Frames: a requestAnimationFrame loop in the page records the time between frames; a PerformanceObserver records long tasks ' +
        '(over 50 ms on the main thread). p95 / p99 are nearest-rank over every frame of the run.',
      `Programmatic scrolling moves the list's scrollTop by ${PX_PER_FRAME} px on every animation frame from the top to the end and back; ` +
        `wheel scrolling uses CDP Input.synthesizeScrollGesture (mouse source, ${WHEEL_PX_PER_SECOND} px/s), i.e. real wheel events through ` +
        "Chromium's input and compositor path. The mouse rests over the middle of the list in both, as a user's would.",
      'Headless Chromium with --disable-gpu renders and rasterises in software on the same 2 CPUs as everything else; a desktop browser ' +
        'with a GPU does less work per frame. A run in which work outside the benchmark took more than ' +
        `${DISTURBED_PCT}% of the CPUs is repeated (at most ${MAX_TRIES} tries) and the least disturbed one is kept.`,
      `After scrolling, ${scrolling.rowsInDom} ticket rows were in the DOM (the list is virtualized: the rows in view, 8 more ahead of the scroll and 2 behind it).`,
      `The wheel run is made ${WHEEL_RUNS} times on the same page, each followed by the reference page's run, since the count of one run ` +
        'varies by several between runs of the same build here; every run is in the tables.',
    ];
    const text = renderWebResults({
      machine,
      postgresVersion: pgVersion,
      chromium,
      weight,
      weightEnglish,
      seed,
      load: scrolling.load,
      scrolls: scrolling.scrolls,
      intervalMs: scrolling.intervalMs,
      references: scrolling.references,
      targets: TARGETS,
      notes,
    });
    writeFileSync(path.join(here, '../results/web.md'), text);
    log('wrote bench/results/web.md');
  } finally {
    await cleanup();
  }
}

async function cleanup() {
  if (browser) await browser.close().catch(() => {});
  browser = null;
  killAllServers();
  await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
  if (dataDir) removeDir(dataDir);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup().finally(() => process.exit(130));
  });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
