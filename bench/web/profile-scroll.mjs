// Finds what allocates while the ticket list scrolls (issue 3): not a benchmark, a profiling aid.
// `node bench/web/profile-scroll.mjs` runs the built app as bench/web/run.mjs does (fresh database
// chatflow_bench_webprof_<pid>, dropped afterwards), loads the tickets, then scrolls the list
// (scrollTop, BENCH_PROFILE_FRAMES frames down) twice: once under a Chromium trace (GC events and
// the heap before / after each one) and once under V8's sampling heap profiler, keeping objects that
// were collected too (so it counts every allocation, not only what survived). Prints figures that
// other work on the machine does not change: bytes allocated per frame, GC pauses and their time
// per frame, main-thread CPU per frame, and the functions that allocate most. BENCH_WEB_DIST picks
// another build of the web app (an unminified one names the functions: `vite build --minify false`).
// Trace and heap profile are kept in bench/.tmp/ for DevTools. BENCH_PROFILE_PLAIN=1 only scrolls
// three times and prints the main-thread CPU per frame of each run (to compare two builds).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, dropDatabase } from '../lib/postgres.mjs';
import { killAllServers, REPO_ROOT, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { launchChromium, loginInBrowser, newPage } from '../lib/web-browser.mjs';
import { installFrameRecorder } from '../lib/web-frames.mjs';
import { loadAllRows } from '../lib/web-scroll.mjs';
import { seedTickets } from '../lib/web-seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT_DIR = path.join(here, '../.tmp');
const DB_NAME = `chatflow_bench_webprof_${process.pid}`;
const TICKETS = Number(process.env.BENCH_WEB_TICKETS) || 10_000;
const FRAMES = Number(process.env.BENCH_PROFILE_FRAMES) || 1200;
const PX_PER_FRAME = Number(process.env.BENCH_WEB_PX_PER_FRAME) || 300;
const WEB_DIST = process.env.BENCH_WEB_DIST ?? path.join(REPO_ROOT, 'web/dist');
const TAG = process.env.BENCH_PROFILE_TAG ?? 'scroll';

const log = (msg) => console.log(`[profile:web] ${msg}`);
let browser = null;
let dataDir = null;

/** `frames` animation frames of scrollTop steps from the top (wrapping to the top at the end); main-thread CPU over them. */
async function scrollFrames(page, cdp, frames) {
  const cpu = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value;
  await page.evaluate(() => {
    document.querySelector('[data-testid="ticket-list"]').scrollTop = 0;
  });
  await page.waitForTimeout(300);
  const before = await cpu();
  const deltas = await page.evaluate(
    async ({ frames, px }) => {
      const el = document.querySelector('[data-testid="ticket-list"]');
      const max = el.scrollHeight - el.clientHeight;
      const out = [];
      let last = 0;
      await new Promise((resolve) => {
        let n = 0;
        const step = (now) => {
          if (last) out.push(now - last);
          last = now;
          el.scrollTop = el.scrollTop >= max ? 0 : Math.min(max, el.scrollTop + px);
          if (++n >= frames) resolve();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      return out;
    },
    { frames, px: PX_PER_FRAME },
  );
  const cpuMs = ((await cpu()) - before) * 1000;
  return {
    frames: deltas.length,
    cpuMsPerFrame: cpuMs / deltas.length,
    over25: deltas.filter((d) => d > 25).length,
    longest: Math.max(...deltas),
  };
}

/** GC events of the renderer's main thread in a trace: count, time, and the bytes allocated between them. */
function gcFromTrace(events) {
  // The page's renderer main thread: of the threads named CrRendererMain, the busiest one.
  const mains = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = (e) => `${e.pid}:${e.tid}` === busiest;
  const gcs = events.filter((e) => onMain(e) && (e.name === 'MajorGC' || e.name === 'MinorGC') && e.ph === 'X');
  const sum = (xs) => xs.reduce((s, e) => s + e.dur / 1000, 0);
  const major = gcs.filter((e) => e.name === 'MajorGC');
  const minor = gcs.filter((e) => e.name === 'MinorGC');
  let allocated = 0;
  let lastAfter = null;
  for (const e of [...gcs].sort((a, b) => a.ts - b.ts)) {
    const before = e.args?.usedHeapSizeBefore;
    if (lastAfter !== null && before !== undefined) allocated += Math.max(0, before - lastAfter);
    if (e.args?.usedHeapSizeAfter !== undefined) lastAfter = e.args.usedHeapSizeAfter;
  }
  return {
    major: major.length,
    majorMs: sum(major),
    longestMajorMs: Math.max(0, ...major.map((e) => e.dur / 1000)),
    minor: minor.length,
    minorMs: sum(minor),
    allocatedBetweenGcs: allocated,
  };
}

/** The sampling heap profile as functions ordered by the bytes they allocated themselves. */
function topAllocators(profile, n = 25) {
  const bySite = new Map();
  let total = 0;
  const visit = (node) => {
    const f = node.callFrame;
    const self = node.selfSize;
    total += self;
    if (self > 0) {
      const key = `${f.functionName || '(anonymous)'} ${path.basename(f.url || '')}:${f.lineNumber + 1}`;
      bySite.set(key, (bySite.get(key) ?? 0) + self);
    }
    for (const c of node.children) visit(c);
  };
  visit(profile.head);
  return { total, top: [...bySite].sort((a, b) => b[1] - a[1]).slice(0, n) };
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  dataDir = tempDir('chatflow-profile-web-');
  const databaseUrl = await createDatabase(DB_NAME);
  try {
    const server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(OUT_DIR, 'profile-web-server.log'),
      env: { WEB_DIST },
    });
    const seed = await seedTickets({ baseUrl: server.baseUrl, databaseUrl, count: TICKETS });
    browser = await launchChromium();
    const { context, page, errors } = await newPage(browser, server.baseUrl);
    await loginInBrowser(page, seed.agent);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await installFrameRecorder(page);
    const { loaded } = await loadAllRows(page, cdp, { target: TICKETS });
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    log(
      `${loaded} rows loaded; JS heap ${(heap.usedSize / 2 ** 20).toFixed(1)} MB used after a full GC; ${FRAMES} frames of ${PX_PER_FRAME} px per run`,
    );

    await scrollFrames(page, cdp, 120); // warm-up: code compiled, first rows' memo in place
    if (process.env.BENCH_PROFILE_PLAIN) {
      // No trace, no heap sampling: main-thread CPU per frame alone, a few times (for A/B between builds).
      for (let i = 0; i < 3; i++) {
        const run = await scrollFrames(page, cdp, FRAMES);
        log(`plain run ${i + 1}: ${run.frames} frames, ${run.over25} over 25 ms, main-thread CPU ${run.cpuMsPerFrame.toFixed(2)} ms/frame`);
      }
      await context.close();
      return;
    }
    await cdp.send('HeapProfiler.collectGarbage');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.gc', 'disabled-by-default-devtools.timeline'] });
    const traced = await scrollFrames(page, cdp, FRAMES);
    const trace = await browser.stopTracing();
    writeFileSync(path.join(OUT_DIR, `profile-${TAG}.trace.json`), trace);
    const gc = gcFromTrace(JSON.parse(trace.toString()).traceEvents);

    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const sampled = await scrollFrames(page, cdp, FRAMES);
    const { profile } = await cdp.send('HeapProfiler.stopSampling');
    writeFileSync(path.join(OUT_DIR, `profile-${TAG}.heapprofile`), JSON.stringify(profile));
    const alloc = topAllocators(profile);
    if (errors.length) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
    await context.close();

    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    log(
      `traced run: ${traced.frames} frames, ${traced.over25} over 25 ms (longest ${traced.longest.toFixed(1)} ms), main-thread CPU ${traced.cpuMsPerFrame.toFixed(2)} ms/frame`,
    );
    log(
      `GC: ${gc.major} major (${gc.majorMs.toFixed(0)} ms, longest ${gc.longestMajorMs.toFixed(1)} ms), ${gc.minor} minor (${gc.minorMs.toFixed(0)} ms); ` +
        `${((gc.majorMs + gc.minorMs) / traced.frames).toFixed(2)} ms GC/frame; heap grew ${kb(gc.allocatedBetweenGcs / traced.frames)}/frame between GCs`,
    );
    log(
      `sampled run: ${sampled.frames} frames, main-thread CPU ${sampled.cpuMsPerFrame.toFixed(2)} ms/frame; allocated ${kb(alloc.total / sampled.frames)}/frame (sampling, collected objects included)`,
    );
    for (const [site, bytes] of alloc.top) log(`  ${kb(bytes / sampled.frames).padStart(9)}/frame  ${site}`);
  } finally {
    if (browser) await browser.close().catch(() => {});
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    if (dataDir) removeDir(dataDir);
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
