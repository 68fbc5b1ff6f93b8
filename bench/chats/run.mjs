// Internal chat under load (issue 16): 200 users connected by Socket.IO, in 100 two-person chats, on
// PostgreSQL, of the built server (`npm run build` first). Messages go at a fixed rate to random chats,
// from either member; the figure is the time from the sender's POST /chats/{id}/messages (before the
// request leaves) to the `company-{id}-chat` new-message event reaching the other member's socket
// (same process, same clock). Writes bench/results/chats.md. Target: p99 <= 50 ms. Loopback only;
// the server is stopped and the database dropped afterwards, also on failure or Ctrl-C.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, login, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';
import { percentile, pool } from '../lib/load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const USERS = Number(process.env.BENCH_CHAT_USERS) || 200;
/**
 * Messages per second over all chats, and for how long: a calm pace (one message a second, latency
 * without queueing) and a busy team (one message per user every 20 s), which the target is judged on.
 */
const CALM_RATE = 1;
const RATE = Number(process.env.BENCH_CHAT_RATE) || 10;
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS) || 30;
const WARM_UP = 100;
const TARGET_P99_MS = 50;
const DB_NAME = `chatflow_bench_chats_${process.pid}`;
const log = (msg) => console.log(`[bench:chats] ${msg}`);
const dirs = [];
const sockets = [];

async function api(baseUrl, token, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A user's socket on the company namespace; `waiting` maps a message text to its resolver. */
function connectUser(baseUrl, companyId, user) {
  return new Promise((resolve, reject) => {
    const socket = io(`${baseUrl}/${companyId}`, {
      auth: { token: user.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    user.waiting = new Map();
    user.strays = 0;
    socket.on(`company-${companyId}-chat`, (e) => {
      if (e.action !== 'new-message') return;
      const done = user.waiting.get(e.message.message);
      if (done) done(performance.now());
      else if (e.message.senderId !== user.id) user.strays++; // a message this user should not have received
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Sends one message from `from` to `to` in `chat`; resolves with the latency at `to`'s socket. */
async function measureOne(baseUrl, chat, from, to, text) {
  let arrived;
  const arrival = new Promise((resolve) => {
    arrived = resolve;
  });
  const timeout = setTimeout(() => arrived(null), 10_000);
  to.waiting.set(text, arrived);
  const t0 = performance.now();
  let ok = false;
  try {
    const res = await fetch(`${baseUrl}/chats/${chat.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: text }),
    });
    ok = res.ok;
    await res.arrayBuffer();
  } catch {
    arrived(null); // counted as failed and undelivered
  }
  const at = await arrival;
  clearTimeout(timeout);
  to.waiting.delete(text);
  return { ok, latency: at === null ? null : at - t0 };
}

/** `count` messages at `rate` per second to random chats, from a random member to the other. */
async function run(ctx, label, count, rate) {
  const results = [];
  const pending = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const chat = ctx.chats[Math.floor(Math.random() * ctx.chats.length)];
    const [from, to] = Math.random() < 0.5 ? [chat.a, chat.b] : [chat.b, chat.a];
    pending.push(
      measureOne(ctx.baseUrl, chat, from, to, `${label}-${i}-${Math.random().toString(36).slice(2, 8)}`).then((r) => results.push(r)),
    );
  }
  await Promise.all(pending);
  const latencies = results
    .filter((r) => r.latency !== null)
    .map((r) => r.latency)
    .sort((a, b) => a - b);
  const round = (v) => Math.round(v * 10) / 10;
  const figures = {
    label,
    sent: count,
    delivered: latencies.length,
    failed: results.filter((r) => !r.ok).length,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? Number.NaN),
  };
  log(
    `${label}: ${figures.delivered}/${figures.sent} delivered, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
  );
  return figures;
}

function render({ machine, pgVersion, calm, result, strays, loadBefore, loadAfter }) {
  const pass = result.p99 <= TARGET_P99_MS && result.delivered === result.sent && strays === 0;
  return [
    '## Internal chat: a message to the other participant at 200 connected users',
    '',
    'Written by `BENCH_ONLY=chats npm run bench` (bench/chats/run.mjs). Do not edit by hand; re-run to refresh.',
    '',
    '### Machine',
    '',
    '| | |',
    '| --- | --- |',
    `| CPUs (\`nproc\`) | ${machine.nproc} |`,
    `| CPU model | ${machine.cpuModel} |`,
    `| memory | ${machine.memoryGiB} GiB |`,
    `| Node | ${machine.node} |`,
    `| PostgreSQL | ${pgVersion} (local, loopback) |`,
    `| kernel | ${machine.kernel} |`,
    `| date | ${machine.date} |`,
    `| load average (1 min) at start / end | ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} |`,
    '',
    'The load generator (200 sockets and the senders) runs on the same machine as the server and shares its CPUs.',
    ...(loadBefore > os.availableParallelism() / 2
      ? [
          '',
          '**Warning: the machine was busy with other work (load average above half the CPUs); the figures are upper bounds of the latency on a quiet machine.**',
        ]
      : []),
    '',
    `${USERS} users of one company, each with one Socket.IO connection, in ${USERS / 2} chats of two. ${calm.sent} messages at ${CALM_RATE} per second, then ${result.sent} messages at ${RATE} per second to random chats from a random member (after ${WARM_UP} warm-up messages). Latency: the sender's POST /chats/{id}/messages leaving to the new-message event at the other member's socket, one node on PostgreSQL. Every socket also counts chat messages it received from chats it is not in: ${strays}.`,
    '',
    '| run | delivered | failed requests | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...[calm, result].map(
      (r) => `| ${r.label} | ${r.delivered}/${r.sent} | ${r.failed} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ${r.max} ms |`,
    ),
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| p99 internal chat message to the other participant, ${USERS} connected users, ${RATE} messages/s | ${result.p99} ms | <= ${TARGET_P99_MS} ms | **${pass ? 'pass' : 'FAIL'}** |`,
    '',
  ].join('\n');
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-chats-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  let server = null;
  try {
    mkdirSync(path.join(here, '../.tmp'), { recursive: true });
    server = await startServer({ dataDir: path.join(dataDir, 'data'), databaseUrl, logFile: path.join(here, '../.tmp/chats-server.log') });
    const baseUrl = server.baseUrl;
    const adminToken = await login(baseUrl);
    const me = await api(baseUrl, adminToken, 'GET', '/auth/me');
    const companyId = me.companyId;
    log(`creating ${USERS} users and logging them in`);
    const users = [];
    await pool(
      Array.from({ length: USERS }, (_, i) => async () => {
        const email = `chat-bench-${i}@bench.local`;
        const created = await api(baseUrl, adminToken, 'POST', '/users', {
          name: `Pessoa ${i}`,
          email,
          password: 'Bench123',
          profile: 'user',
          queueIds: [],
        });
        users[i] = { id: created.id, token: await login(baseUrl, email, 'Bench123') };
      }),
      4,
    );
    log('connecting their sockets');
    await pool(
      users.map((u) => () => connectUser(baseUrl, companyId, u)),
      20,
    );
    const chats = [];
    await pool(
      Array.from({ length: USERS / 2 }, (_, i) => async () => {
        const [a, b] = [users[2 * i], users[2 * i + 1]];
        const chat = await api(baseUrl, a.token, 'POST', '/chats', { title: `Dupla ${i}`, users: [b.id] });
        chats.push({ id: chat.id, a, b });
      }),
      10,
    );
    const ctx = { baseUrl, chats };
    await run(ctx, 'warm-up', WARM_UP, RATE);
    const calm = await run(ctx, `${CALM_RATE} message/s for ${SECONDS} s`, CALM_RATE * SECONDS, CALM_RATE);
    const result = await run(ctx, `${RATE} messages/s for ${SECONDS} s`, RATE * SECONDS, RATE);
    const strays = users.reduce((n, u) => n + u.strays, 0);
    const text = render({ machine, pgVersion, calm, result, strays, loadBefore, loadAfter: os.loadavg()[0] });
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/chats.md'), text);
    log('wrote bench/results/chats.md');
  } finally {
    for (const s of sockets) s.disconnect();
    await server?.stop();
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

runBench(main, {
  dbName: DB_NAME,
  dirs,
  beforeExit: () => {
    for (const s of sockets) s.disconnect();
  },
});
