import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { serverEntry } from '../test/server-entry';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'chatflow-lock-'));

test('a held data directory refuses a second holder until released', async () => {
  const dir = path.join(tempDir(), 'pglite');
  const release = await lockDataDir(dir);
  await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
  await release();
  const again = await lockDataDir(dir);
  await again();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server (the bundle of src/main.ts, as `npm start` runs it from source) on an embedded database in `dataDir`. */
function startServer(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry()], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      ADMIN_PASSWORD: 'Lock-test-1',
      SIMULATOR: 'off',
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function untilListening(s: Started) {
  const deadline = Date.now() + 150_000;
  while (!s.output().includes('Chat-flow listening')) {
    if (Date.now() > deadline || s.child.exitCode !== null) throw new Error(`server did not start:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const login = (port: number) =>
  fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@chatflow.local', password: 'Lock-test-1' }),
  });

describe('two starts on one data directory', () => {
  const started: Started[] = [];
  afterAll(() => {
    for (const s of started) s.child.kill('SIGKILL');
  });

  test('the second refuses without touching the data; after a kill -9 of the first the data opens', async () => {
    const dataDir = tempDir();
    const first = startServer(dataDir, await freePort());
    started.push(first);
    await untilListening(first);

    const second = startServer(dataDir, await freePort());
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another Chat-flow process is using ${path.join(dataDir, 'pglite')}`);
    expect(second.output()).not.toContain('Chat-flow listening');

    first.child.kill('SIGKILL');
    await first.exited;
    const port = await freePort();
    const third = startServer(dataDir, port);
    started.push(third);
    await untilListening(third);
    expect((await login(port)).status).toBe(200); // the first start's seed is there

    const elsewhere = tempDir();
    const onTakenPort = startServer(elsewhere, port);
    started.push(onTakenPort);
    expect(await onTakenPort.exited).toBe(1);
    expect(onTakenPort.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(existsSync(path.join(elsewhere, 'pglite'))).toBe(false); // refused before opening a database
  }, 360_000);
});
