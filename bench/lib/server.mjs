import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from '../../scripts/server-node-args.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// BENCH_SERVER_ENTRY runs another build of the server (a private one while others use server/dist).
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? path.join(REPO_ROOT, 'server/dist/main.js');
export const ADMIN_EMAIL = 'bench@chatflow.local';
export const ADMIN_PASSWORD = 'Bench123';

/** Every server this run started, so a failure or Ctrl-C still stops them all. */
const running = new Set();
export function killAllServers() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export function tempDir(prefix) {
  return mkdtempSync(path.join(tmpdir(), prefix));
}
export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const tail = (file) => readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');

/**
 * Spawns `node server/dist/main.js` on loopback and resolves when GET /version first answers 200,
 * with the milliseconds from spawn to that answer. Polls every 10 ms, so a figure is at most 10 ms
 * late; gives up after `timeoutMs`.
 */
export async function startServer({ dataDir, databaseUrl = null, logFile, env = {}, timeoutMs = 120_000, inspect = false }) {
  const port = await freePort();
  // `inspect`: the V8 inspector on a loopback port, so the bench can collect garbage and read the heap (lib/heap.mjs).
  const inspectPort = inspect ? await freePort() : null;
  const inspector = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = openSync(logFile, 'a');
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'SMTP_HOST', 'JOBS', 'JWT_SECRET', 'JWT_REFRESH_SECRET']) delete inherited[key];
  const started = process.hrtime.bigint();
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server into <dir> when it stops (for finding hot spots).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...profile, ...inspector, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    stdio: ['ignore', fd, fd],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Request logging at info writes a line per request; production runs at info, but a figure
      // for the server's own work is measured without it (RESULTS.md says so).
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL: '2h',
      ...env,
    },
  });
  closeSync(fd);
  running.add(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      running.delete(child);
      throw new Error(`server exited with ${child.exitCode} before answering:\n${tail(logFile)}`);
    }
    const ok = await fetch(`${baseUrl}/version`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) {
      const startMs = Number(process.hrtime.bigint() - started) / 1e6;
      return { child, pid: child.pid, baseUrl, startMs, stop, inspectPort };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  await stop();
  throw new Error(`server did not answer GET /version within ${timeoutMs} ms:\n${tail(logFile)}`);
}

/** Resident memory of a process from /proc (Linux), in MiB. */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

export async function login(baseUrl, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}
