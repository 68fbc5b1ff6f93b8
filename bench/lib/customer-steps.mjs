// Customers answering a bot through the simulator, for the automation and flows suites: every customer
// sends one message, and the step waits until each has a new row in the simulator's outbox (what the
// provider received). Latency = that row's created_at (stamped by the server, same clock) minus the
// customer's send time. Two ways to send:
// - a burst: every customer at once, through `inFlight` keep-alive requests (the issues' figure);
// - paced: one customer every 1/rate s, a load the machine carries, so the latency is the bot's own.
import { waitForIdleProcess } from './cpu.mjs';
import { measureCommitRate } from './commit-floor.mjs';
import { percentile, pool } from './load.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs task i at start + i / rate seconds, each without waiting for the ones before. */
async function paced(tasks, rate) {
  const start = Date.now();
  const running = [];
  for (let i = 0; i < tasks.length; i++) {
    const due = start + (i * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    running.push(tasks[i]());
  }
  await Promise.all(running);
}

/** Waits until the outbox has taken no row for 500 ms: a step's later messages (a menu after its greeting) do not fall into the next step. */
async function quiet(ctx) {
  let last = -1;
  for (;;) {
    const { rows } = await ctx.db.query('select count(*)::int as n from simulator_outbox where connection_id = $1', [ctx.connection.id]);
    if (rows[0].n === last) return;
    last = rows[0].n;
    await sleep(500);
  }
}

/**
 * One step of every customer in `ctx.numbers` (ctx: baseUrl, connection {id, token}, db, serverPid).
 * Answers the latency figures and the failed requests.
 */
export async function customerStep(ctx, { label, body, inFlight = 100, rate = null, timeoutMs = 120_000, log }) {
  const sentAt = new Map();
  const since = new Date();
  const failures = [];
  const tasks = ctx.numbers.map((number, i) => async () => {
    sentAt.set(number, Date.now());
    const res = await fetch(`${ctx.baseUrl}/simulator/${ctx.connection.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.connection.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: number, name: `Cliente ${i}`, body }),
    });
    if (!res.ok) failures.push(res.status);
    await res.arrayBuffer();
  });
  if (rate) await paced(tasks, rate);
  else await pool(tasks, inFlight);
  // Each customer's answer: the first outbox row for its number stamped after its own send.
  const answeredAt = new Map();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await ctx.db.query(
      `select number, created_at as at from simulator_outbox where connection_id = $1 and created_at >= $2`,
      [ctx.connection.id, since],
    );
    for (const r of rows) {
      const sent = sentAt.get(r.number);
      const at = new Date(r.at).getTime();
      if (sent !== undefined && at >= sent && !(answeredAt.get(r.number) <= at)) answeredAt.set(r.number, at);
    }
    if (answeredAt.size >= ctx.numbers.length || Date.now() > deadline) break;
    await sleep(100);
  }
  await quiet(ctx);
  const latencies = [...answeredAt].map(([number, at]) => at - sentAt.get(number)).sort((a, b) => a - b);
  const figures = {
    label,
    sent: ctx.numbers.length,
    answered: latencies.length,
    failed: failures.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    latencies,
  };
  log(
    `${label}: ${figures.answered}/${figures.sent} answered, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, max ${figures.max} ms`,
  );
  return figures;
}

/** The steps' figures pooled (the latencies of every answer). */
export function pooledSteps(label, steps) {
  const latencies = steps.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const answered = latencies.length;
  return {
    label,
    sent: steps.reduce((n, s) => n + s.sent, 0),
    answered,
    failed: steps.reduce((n, s) => n + s.failed, 0),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    latencies,
  };
}

/**
 * After a burst, waits for what it left behind: each answer's stored fallback copies (flow steps and
 * sends, due 30 s after their step, doing nothing when the step already ran) and any other backlog.
 * The paced walk after it then measures the bot's own latency, not the burst's aftermath.
 */
export async function settleAfterBurst(serverPid, log) {
  await sleep(35_000);
  const idleAfter = await waitForIdleProcess(serverPid);
  log(`the server was idle again ${(35 + idleAfter).toFixed(0)} s after the burst`);
}

const NUMBER_BASE = 5511900000000;
/** `n` customer numbers from offset `from` (different offsets never share a customer). */
export const customerNumbers = (from, n) => Array.from({ length: n }, (_, i) => String(NUMBER_BASE + from + i));

/**
 * The bot suites' walk, twice: `customers` at once (a burst, after a warm-up of `warmUp.customers` others),
 * then `paced.customers` others at `paced.rate` answers/s once the burst's aftermath has run; each walks
 * `steps` ([label, body] in turn). The machine's commit rate is measured first, while the server idles.
 * ctx: baseUrl, connection, db, serverPid.
 */
export async function burstThenPaced(ctx, { steps, customers, inFlight, warmUp, paced, databaseUrl, log }) {
  const walk = async (numbers, options) => {
    const done = [];
    for (const [label, body] of steps) done.push(await customerStep({ ...ctx, numbers }, { label, body, inFlight, log, ...options }));
    return done;
  };
  const commitRate = measureCommitRate(databaseUrl);
  log(`PostgreSQL commits ${commitRate.toFixed(0)} one-row transactions/s here (pgbench)`);
  // Warm-up: other numbers, not reported (connection pool, prepared statements, JIT).
  await customerStep(
    { ...ctx, numbers: customerNumbers(800_000, warmUp.customers) },
    { label: 'warm-up', body: warmUp.body, inFlight, log },
  );
  const burstSteps = await walk(customerNumbers(0, customers), {});
  await settleAfterBurst(ctx.serverPid, log);
  const pacedSteps = await walk(customerNumbers(600_000, paced.customers), { rate: paced.rate });
  return {
    commitRate,
    steps: burstSteps,
    all: pooledSteps('all answers', burstSteps),
    pacedSteps,
    paced: pooledSteps('all answers, paced', pacedSteps),
  };
}
