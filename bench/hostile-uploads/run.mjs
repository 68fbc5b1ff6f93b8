// Hostile uploads (issue 30): the worst GET /health/live latency while each hostile sheet (and, for
// comparison, an ordinary sheet at the row limit) is uploaded to both sheet routes of a started server.
// Writes bench/results/hostile-uploads.md. Build first (`npm run build`), or point BENCH_SERVER_ENTRY
// at another build. The server runs on PGlite in a temporary data directory; only loopback addresses.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { machineSection } from '../lib/machine-section.mjs';
import { waitForQuiet } from '../lib/quiet.mjs';
import { killAllServers, login, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { benchFiles } from './files.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOG_DIR = path.join(here, '../.tmp');
/** Each upload is sent this many times per route; the table keeps the worst probe over the runs. */
const RUNS = Number(process.env.BENCH_HOSTILE_RUNS ?? 2);
/** Pause between two probes of /health/live: the probes are one at a time, so a blocked loop shows whole. */
const PROBE_GAP_MS = 5;
const TARGET_MS = 100;
/** Main-thread CPU per /health/live probe, measured on the baseline. */
let perProbeMs = 0;
const log = (msg) => console.log(`[hostile-uploads] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU seconds used so far by the process and by its main thread alone (Linux: /proc, clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const ticks = (file) => {
    const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime
  };
  return { process: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
}

function rssMiB(pid) {
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/**
 * Uploads `file` to `url` while a second client probes GET /health/live one request at a time and the
 * server's resident memory is sampled: answers the upload's status and body, its duration, every
 * probe's latency and the peak RSS.
 */
async function uploadWhileProbing(server, token, url, [_, __, filename, bytes]) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  let done = false;
  let peakRss = rssMiB(server.pid);
  const sampler = setInterval(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) peakRss = Math.max(peakRss, rssMiB(server.pid));
  }, 20);
  const probes = [];
  const probing = (async () => {
    while (!done) {
      const start = performance.now();
      const res = await fetch(`${server.baseUrl}/health/live`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/health/live answered ${res.status}`);
      probes.push(performance.now() - start);
      await sleep(PROBE_GAP_MS);
    }
  })();
  const cpuBefore = cpuSeconds(server.pid);
  const start = performance.now();
  const res = await fetch(`${server.baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await res.json();
  const uploadMs = performance.now() - start;
  const cpuAfter = cpuSeconds(server.pid);
  done = true;
  await probing;
  clearInterval(sampler);
  // Without the probes' own cost (measured on the baseline): what the upload took of the main thread.
  const mainCpuMs = Math.max(0, (cpuAfter.main - cpuBefore.main) * 1000 - probes.length * perProbeMs);
  const otherCpuMs = (cpuAfter.process - cpuBefore.process) * 1000 - mainCpuMs;
  return { status: res.status, body, uploadMs, probes, peakRss, mainCpuMs, otherCpuMs };
}

const answerOf = ({ status, body }) =>
  status === 200
    ? `200 (${Array.isArray(body.rows) ? body.rows.length : body.created} rows)`
    : `${status} ${body.error}${body.limit ? ` (${body.limit})` : ''}`;
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const loadBefore = await waitForQuiet(Number(process.env.BENCH_WAIT_QUIET_SECONDS ?? 180), log);
  log('building the files');
  const files = await benchFiles();
  const dataDir = tempDir('chatflow-hostile-');
  const server = await startServer({ dataDir, logFile: path.join(LOG_DIR, 'hostile-uploads-server.log') });
  server.child.once('exit', (code, signal) => log(`server exited (code ${code}, signal ${signal})`));
  const rows = [];
  try {
    const token = await login(server.baseUrl);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const idleRss = rssMiB(server.pid);
    // The same probes with no upload at all: what the machine's own load does to them.
    const baseline = [];
    const baselineCpu = cpuSeconds(server.pid);
    for (const end = performance.now() + 5_000; performance.now() < end; await sleep(PROBE_GAP_MS)) {
      const start = performance.now();
      await (await fetch(`${server.baseUrl}/health/live`)).arrayBuffer();
      baseline.push(performance.now() - start);
    }
    // What one probe costs the main thread, so each upload's figure can be given without its probes.
    perProbeMs = ((cpuSeconds(server.pid).main - baselineCpu.main) * 1000) / baseline.length;
    rows.push({
      file: 'no upload',
      what: 'the probes alone for 5 s',
      size: 0,
      route: '—',
      answer: '—',
      uploadMs: 0,
      probes: baseline.length,
      p50: percentile(baseline, 50),
      worst: Math.max(...baseline),
      peakRss: rssMiB(server.pid),
    });
    log(
      `baseline: /health/live p50 ${fmt(rows[0].p50)}, worst ${fmt(rows[0].worst)} over ${baseline.length} probes; ${perProbeMs.toFixed(2)} ms of main-thread CPU per probe`,
    );
    for (const file of files) {
      for (const route of ['contacts', 'contact-list']) {
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          // A fresh list each time: an ordinary sheet's second import would only find duplicates.
          const list = await (
            await fetch(`${server.baseUrl}/contact-lists`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: `Bench ${rows.length}-${run}` }),
            })
          ).json();
          const url = route === 'contacts' ? '/contacts/upload' : `/contact-lists/${list.id}/upload`;
          runs.push(await uploadWhileProbing(server, token, url, file));
        }
        const probes = runs.flatMap((r) => r.probes);
        const row = {
          file: file[0],
          what: file[1],
          size: file[3].length,
          route: route === 'contacts' ? 'POST /contacts/upload' : 'POST /contact-lists/{id}/upload',
          answer: answerOf(runs[0]),
          uploadMs: Math.max(...runs.map((r) => r.uploadMs)),
          probes: probes.length,
          p50: percentile(probes, 50),
          worst: Math.max(...probes),
          peakRss: Math.max(...runs.map((r) => r.peakRss)),
          mainCpuMs: Math.max(...runs.map((r) => r.mainCpuMs)),
          otherCpuMs: Math.max(...runs.map((r) => r.otherCpuMs)),
        };
        rows.push(row);
        log(
          `${row.file} → ${row.route}: ${row.answer} in ${fmt(row.uploadMs)}; /health/live worst ${fmt(row.worst)} over ${row.probes} probes; peak RSS ${row.peakRss.toFixed(0)} MiB; CPU main ${row.mainCpuMs.toFixed(0)} ms, other threads ${row.otherCpuMs.toFixed(0)} ms`,
        );
      }
    }
    writeResults(rows, { idleRss, loadBefore });
  } finally {
    await server.stop();
    removeDir(dataDir);
  }
}

function writeResults(rows, { idleRss, loadBefore }) {
  const machine = describeMachine();
  machine.load = { before: loadBefore, after: os.loadavg()[0], quietBelow: os.availableParallelism() / 2 };
  const lines = ['## Hostile uploads: /health/live while hostile sheets are uploaded', ''];
  lines.push('Written by `npm run bench` (bench/hostile-uploads/run.mjs). Do not edit by hand; re-run to refresh.', '');
  machineSection(lines, machine, {
    postgres: 'not used (PGlite in a temporary data directory)',
    shared: 'The uploading and probing client runs on the same machine as the server and shares its CPUs.',
    busy: 'latencies are upper bounds of what a quiet machine shows.',
  });
  lines.push(
    `Each file is uploaded ${RUNS} times to each route while a second client asks GET /health/live one request at a time (a ${PROBE_GAP_MS} ms pause between two); `,
    `"worst" is the slowest of those answers over the runs (target <= ${TARGET_MS} ms), "upload" the slowest upload's answer time. `,
    `Peak RSS is the server process's (its worker threads included), sampled every 20 ms; idle it held ${idleRss.toFixed(0)} MiB. `,
    `A probe cost the main thread ${perProbeMs.toFixed(2)} ms of CPU. `,
    '"CPU main" is the CPU time the server\'s main thread (the one that answers requests) used during the upload, less the probes\' own (their cost per probe measured on the first row), ',
    '"CPU other" that of its other threads (the sheet worker, GC helpers, I/O), from /proc in 10 ms ticks: unlike the ',
    'latencies, these do not depend on how busy the machine is. ',
    'Before the fix (issue 30) the 293 KB bomb held the node for more than 30 s at 0.9 GB.',
    '',
  );
  lines.push(
    '| file | size | route | answer | upload | /health/live p50 | worst | probes | CPU main | CPU other | peak RSS | worst <= 100 ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    lines.push(
      `| ${r.file}: ${r.what} | ${(r.size / 1024).toFixed(0)} KB | ${r.route} | ${r.answer} | ${fmt(r.uploadMs)} | ${fmt(r.p50)} | ${fmt(r.worst)} | ${r.probes} | ${r.mainCpuMs === undefined ? '—' : `${r.mainCpuMs.toFixed(0)} ms`} | ${r.otherCpuMs === undefined ? '—' : `${r.otherCpuMs.toFixed(0)} ms`} | ${r.peakRss.toFixed(0)} MiB | ${r.worst <= TARGET_MS ? '**pass**' : '**FAIL**'} |`,
    );
  }
  mkdirSync(path.join(here, '../results'), { recursive: true });
  writeFileSync(path.join(here, '../results/hostile-uploads.md'), `${lines.join('\n')}\n`);
  log('wrote bench/results/hostile-uploads.md');
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
