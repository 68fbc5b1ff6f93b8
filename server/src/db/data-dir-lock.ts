import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The message a second process on the same data directory stops with. */
export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(`Another Chat-flow process is using ${dir}. Stop it first, or start this one with another DATA_DIR.`);
  }
}

// Unix socket paths are limited to about 100 bytes; a longer directory gets its socket in the temp folder,
// named after the directory, so the two processes still meet on one path.
const MAX_SOCKET_PATH = 100;

function socketPathFor(dir: string): string {
  const beside = `${path.resolve(dir)}.lock`;
  if (Buffer.byteLength(beside) <= MAX_SOCKET_PATH) return beside;
  return path.join(os.tmpdir(), `chatflow-${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 16)}.lock`);
}

const listen = (server: net.Server, socketPath: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Whether a live process answers on the socket (a socket file left by a killed process refuses). */
const answered = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

/**
 * One process per embedded data directory. Two PostgreSQL servers on one directory destroy it (the second
 * writes a checkpoint over the first's), so this is taken before PGlite opens. The lock is a Unix socket the
 * holder listens on: the kernel closes it when the holder dies however it dies (kill -9 included), and a
 * socket file nobody answers on is taken over. Resolves to the release function; rejects with
 * DataDirLockedError while another live process holds it.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const socketPath = socketPathFor(dir);
  const server = net.createServer((peer) => peer.destroy());
  try {
    await listen(server, socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || (await answered(socketPath))) throw new DataDirLockedError(dir);
    rmSync(socketPath, { force: true });
    // Two processes finding the same stale file: one listens, the other gets EADDRINUSE and a live answer.
    await listen(server, socketPath).catch(() => {
      throw new DataDirLockedError(dir);
    });
  }
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
