import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN_EMAIL = 'admin@chatflow.local';
export const ADMIN_PASSWORD = 'Admin123';

export interface RunningServer {
  baseUrl: string;
  logFile: string;
  stop(): Promise<void>;
}

/** A port the kernel hands out on loopback, released at once so the server can take it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function logTail(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

async function waitForVersion(baseUrl: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${logTail(logFile)}`);
    const ok = await fetch(`${baseUrl}/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer GET /version within ${timeoutMs} ms:\n${logTail(logFile)}`);
}

/**
 * Starts the built server (server/dist/main.js; the caller builds first) on a fresh PGlite data
 * directory and a free loopback port, with its log in e2e/.tmp/server.log so scenarios can read what
 * the server writes there (the password-reset code when SMTP is not configured).
 */
/**
 * `extraEnv`: variables of the run's fakes (payment providers, the OpenAI-compatible server).
 * `options`: a second server of a scenario names its own log, and may say its PUBLIC_URL differs from the
 * address it is reached at (`publicUrlOf(port)`). A screenshot script may run another checkout's build
 * (`serverDist`, `webDist`).
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  options: { logName?: string; publicUrlOf?: (port: number) => string; serverDist?: string; webDist?: string } = {},
): Promise<RunningServer> {
  const entry = path.join(options.serverDist ?? path.join(REPO_ROOT, 'server/dist'), 'main.js');
  const webDist = options.webDist ?? path.join(REPO_ROOT, 'web/dist');
  for (const built of [entry, path.join(webDist, 'index.html')]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: build web and server before the e2e run`);
  }
  const root = mkdtempSync(path.join(tmpdir(), 'chatflow-e2e-'));
  const logDir = path.join(REPO_ROOT, 'e2e/.tmp');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, options.logName ?? 'server.log');
  const fd = openSync(logFile, 'w');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The run must not reach a real database or mail server that happens to be configured around it.
  for (const key of ['DATABASE_URL', 'SMTP_HOST', 'JOBS', 'JWT_SECRET', 'JWT_REFRESH_SECRET', 'ADMIN_EMAIL']) delete env[key];
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    stdio: ['ignore', fd, fd],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicUrlOf?.(port) ?? baseUrl,
      DATA_DIR: path.join(root, 'data'),
      ADMIN_PASSWORD,
      WEB_DIST: webDist,
      LOG_LEVEL: 'info',
      // Scenarios log in many times as the same admin; the limit itself is covered by server tests.
      LOGIN_RATE_LIMIT: '10000',
      LOGIN_RATE_LIMIT_PER_ACCOUNT: '10000',
      ...extraEnv,
    },
  });
  closeSync(fd);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await waitForVersion(baseUrl, child, logFile, 180_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, logFile, stop };
}
