// Fan-out through each cluster adapter (issue 20): two Socket.IO nodes, CLIENTS websocket clients
// spread over both, EVENTS broadcasts sent on node A at RATE per second; every client times each event
// from its send. Written to results/cluster-adapters.md. Small scale by default (200 clients, 100
// events); the figures need a quiet machine (the clients share the CPUs with both nodes).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { machineSection } from '../lib/machine-section.mjs';
import { ADMIN_URL, createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { runBench } from '../lib/run-bench.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = createRequire(path.resolve(here, '../../server/package.json'));
const { io: connect } = server('socket.io-client');
const { Redis } = server('ioredis');

const CLIENTS = Number(process.env.CLIENTS ?? 200);
const EVENTS = Number(process.env.EVENTS ?? 100);
const RATE = Number(process.env.RATE ?? 20);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB_NAME = `bench_cluster_adapters_${process.pid}`;
const STREAM = `bench-cluster-adapters-${process.pid}`;
const children = new Set();

function startNode(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'node.mjs')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    child.stdout.on('data', (chunk) => {
      const m = /ready (\d+)/.exec(String(chunk));
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    });
    child.on('error', reject);
  });
}

const stopNode = (node) =>
  new Promise((resolve) => {
    node.child.once('exit', resolve);
    node.child.kill('SIGTERM');
  });

async function until(check, what, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(adapter, env) {
  const a = await startNode({ ADAPTER: adapter, ...env });
  const b = await startNode({ ADAPTER: adapter, ...env });
  console.log(`[cluster-adapters] ${adapter}: two nodes up, connecting ${CLIENTS} clients`);
  const latencies = [];
  const sockets = [];
  try {
    for (let i = 0; i < CLIENTS; i++) {
      const socket = connect(`${(i % 2 ? b : a).url}/1`, { transports: ['websocket'], reconnection: false });
      socket.on('tick', ({ sentAt }) => latencies.push(Date.now() - sentAt));
      sockets.push(socket);
    }
    await until(() => sockets.every((s) => s.connected), 'every client to connect');
    // Warm-up: the adapters subscribe asynchronously; wait until a broadcast from A reaches every client.
    await until(async () => {
      latencies.length = 0;
      await fetch(`${a.url}/emit?seq=0`, { method: 'POST' });
      await new Promise((r) => setTimeout(r, 300));
      return latencies.length === CLIENTS;
    }, 'a warm-up broadcast to reach every client');
    console.log(`[cluster-adapters] ${adapter}: warm, sending ${EVENTS} events`);
    latencies.length = 0;
    const started = Date.now();
    for (let seq = 1; seq <= EVENTS; seq++) {
      await fetch(`${a.url}/emit?seq=${seq}`, { method: 'POST' });
      const due = started + (seq * 1000) / RATE;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    }
    await until(() => latencies.length >= CLIENTS * EVENTS, 'every event to reach every client', 30).catch(() => {});
    const sorted = [...latencies].sort((x, y) => x - y);
    return {
      adapter,
      delivered: latencies.length,
      expected: CLIENTS * EVENTS,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
    };
  } finally {
    for (const s of sockets) s.close();
    await stopNode(a);
    await stopNode(b);
  }
}

async function main() {
  const machine = { ...describeMachine(), load: { before: os.loadavg()[0], after: 0, quietBelow: Number(describeMachine().nproc) } };
  const results = [];
  results.push(await measure('redis', { REDIS_URL, STREAM }));
  const redis = new Redis(REDIS_URL);
  await redis.del(STREAM);
  redis.disconnect();

  await createDatabase(DB_NAME);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DB_NAME}`;
  try {
    results.push(await measure('postgres', { DATABASE_URL: dbUrl.toString() }));
  } finally {
    await dropDatabase(DB_NAME).catch(() => {});
  }
  machine.load.after = os.loadavg()[0];

  const lines = [
    '## Cluster adapters: event fan-out across two nodes (issue 20)',
    '',
    `Two Socket.IO node processes with the product's namespace and adapter settings; ${CLIENTS} websocket clients in one process, half on each node; ${EVENTS} broadcasts sent on node A at ${RATE} per second. Each delivery is timed from the send (one clock, one machine). Run: \`CLIENTS=${CLIENTS} EVENTS=${EVENTS} RATE=${RATE} node bench/cluster-adapters/run.mjs\`.`,
    '',
    '| adapter | delivered | p50 | p99 | max |',
    '| --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.adapter} | ${r.delivered} / ${r.expected} | ${r.p50} ms | ${r.p99} ms | ${r.max} ms |`),
    '',
    'Half of the deliveries are local to node A (no adapter on the way); the other half cross through the adapter, so the p99 is the cross-node figure.',
    '',
  ];
  machineSection(lines, machine, {
    postgres: await postgresVersion().catch(() => 'unknown'),
    extraRows: [['Redis', REDIS_URL.replace(/\/\/[^@]*@/, '//')]],
    shared: 'Both nodes, the clients, Redis and PostgreSQL share the machine with whatever else runs on it.',
    busy: 'a loaded machine adds its scheduling delays to every latency.',
  });
  const out = path.join(here, '../results/cluster-adapters.md');
  writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

runBench(main, {
  dbName: DB_NAME,
  dirs: [],
  beforeExit: () => {
    for (const child of children) child.kill('SIGKILL');
  },
});
