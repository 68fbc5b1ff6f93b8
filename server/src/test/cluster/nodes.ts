import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, untilUpOrExited } from './wait';
import { serverEntry } from '../server-entry';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The super admin the test template was seeded with (test/global-setup.ts). */
export const ADMIN_EMAIL = 'admin@chatflow.local';
export const ADMIN_PASSWORD = 'Admin123';

/**
 * How events cross nodes in a multi-node test: the PostgreSQL adapter (always), or Redis when a
 * deployment sets REDIS_URL. `CLUSTER_TEST_ADAPTERS=postgres,redis` runs the multi-node suites once
 * per adapter; the node is told which through its environment, as a deployment would.
 */
export type ClusterAdapter = 'postgres' | 'redis';

export function clusterAdapters(): ClusterAdapter[] {
  const names = (process.env.CLUSTER_TEST_ADAPTERS ?? 'postgres').split(',').map((s) => s.trim());
  return names.filter((n): n is ClusterAdapter => n === 'postgres' || n === 'redis');
}

function adapterEnv(adapter: ClusterAdapter): Record<string, string> {
  return adapter === 'redis' ? { REDIS_URL: process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379' } : {};
}

export interface ServerNode {
  id: string;
  port: number;
  /** Straight to this node, past the proxy. */
  url: string;
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  log(): string;
}

export interface NodeOptions {
  id: string;
  databaseUrl: string;
  /** A folder for the node's log and data directory. */
  workDir: string;
  adapter?: ClusterAdapter;
  env?: Record<string, string>;
}

/**
 * Starts the server as its own process (the bundle of src/main.ts, the product's entry point) and waits until it
 * answers. A node that exits first fails the start at once with its log; one that lost its probed port
 * to another listener is started again on another port.
 */
export async function startNode(options: NodeOptions, attempt = 1): Promise<ServerNode> {
  const { id, databaseUrl, workDir } = options;
  const port = await freePort();
  const logFile = path.join(workDir, `${id}-${attempt}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', serverEntry()], {
    cwd: serverDir,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      // The suite's own test files hold connections too: several nodes with full pools could exhaust the server's.
      DATABASE_POOL_MAX: '4',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(workDir, id),
      JWT_SECRET: 'nodes-secret',
      JWT_REFRESH_SECRET: 'nodes-refresh',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: process.env.CLUSTER_TEST_LOG_LEVEL ?? 'warn',
      NODE_ID: id,
      WHATSAPP_WEB_TRANSPORT: 'fake-phone',
      // Short enough to keep the tests quick, long enough that a loaded machine's pauses do not move a lease.
      SESSION_LEASE_SECONDS: '6',
      SESSION_SWEEP_SECONDS: '1',
      ...adapterEnv(options.adapter ?? 'postgres'),
      ...options.env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const node: ServerNode = { id, port, url, child, logFile, exited, log: () => readFileSync(logFile, 'utf8') };
  const outcome = await untilUpOrExited(
    `${id} answers (log: ${logFile})`,
    child,
    async () => (await fetch(`${url}/health/ready`)).ok,
    120_000,
  );
  if (outcome === 'exited') {
    const output = node.log();
    if (attempt < 3 && output.includes('EADDRINUSE')) return startNode(options, attempt + 1);
    throw new Error(`${id} exited before answering: ${output.slice(-2000)}`);
  }
  return node;
}

/** Ends a node that is still running without a word (SIGKILL) and waits for it. */
export async function killNode(node: ServerNode): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
  await node.exited;
}
