import http from 'node:http';
import { percentile } from './load.mjs';

/** A small seeded generator (mulberry32), so two runs send the same mix of customers. */
function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Who writes next: a share `newShare` of the messages are the first message of a new number (new
 * contact, new ticket); the rest come from a number that wrote before (an existing open ticket). A
 * new number can be picked again at once, so first messages of one number sometimes race, as they
 * do when a customer sends several messages in a row.
 */
export function customerMix({ newShare, seed = 42, prefix = '55119' }) {
  const random = seededRandom(seed);
  const known = [];
  return () => {
    if (known.length === 0 || random() < newShare) {
      const number = `${prefix}${String(known.length).padStart(8, '0')}`;
      known.push(number);
      return { from: number, isNew: true };
    }
    return { from: known[Math.floor(random() * known.length)], isNew: false };
  };
}

/**
 * Every message of a run, keyed by its body (a unique tag): when it was due, when its answer came
 * and when the agent's socket heard of it. The socket side calls `heard(body, at)`.
 */
export function messageLog() {
  const byBody = new Map();
  let strangers = 0;
  let repeats = 0;
  return {
    add(body, record) {
      byBody.set(body, record);
    },
    heard(body, at) {
      const record = byBody.get(body);
      if (!record) strangers++;
      else if (record.heardAt !== undefined) repeats++;
      else record.heardAt = at;
    },
    records: () => [...byBody.values()],
    /** [body, record] pairs, for a suite that matches the bodies elsewhere (the simulator's outbox). */
    entries: () => [...byBody.entries()],
    strangers: () => strangers,
    repeats: () => repeats,
  };
}

/**
 * Open loop at an even pace: a message is due every 1/rate seconds whatever the server does, over a
 * pool of keep-alive connections (a queue forms in the client when all are busy, and that wait is
 * charged to the message, as it would be to a provider's webhook). Each message gets a unique body
 * `tag-<n>` and id, from the customer `next()` picks.
 */
export async function sendPaced({ baseUrl, connectionId, connectionToken, rate, durationSeconds, connections, next, log, tag, request }) {
  // `request(customer, body)` may shape the POST another way (the channels suite's signed Cloud API webhook).
  const shape =
    request ??
    ((customer, body) => ({
      path: `/simulator/${connectionId}/messages`,
      json: JSON.stringify({ from: customer.from, name: `Cliente ${customer.from.slice(-4)}`, body, id: body }),
      headers: { authorization: `Bearer ${connectionToken}` },
    }));
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * durationSeconds);
  const intervalMs = 1000 / rate;
  const start = performance.now();
  const inflight = new Set();
  let sent = 0;

  const fire = (n, dueAt) => {
    const customer = next();
    const body = `${tag}-${n}`;
    const record = { dueAt, issuedAt: performance.now(), isNew: customer.isNew, status: 0 };
    log.add(body, record);
    const { path, json, headers } = shape(customer, body);
    const p = new Promise((resolve) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), ...headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            record.status = res.statusCode;
            record.answeredAt = performance.now();
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', (err) => {
        record.error = err.message;
        record.answeredAt = performance.now();
        resolve();
      });
      req.end(json);
    });
    inflight.add(p);
    p.then(() => inflight.delete(p));
  };

  // Send what is due, then sleep on a timer (no busy loop: the generator shares the CPUs with the
  // server). A message may leave up to ~1 ms after it was due; that delay counts in its latency.
  while (sent < total) {
    const due = Math.min(total, Math.floor((performance.now() - start) / intervalMs) + 1);
    while (sent < due) {
      fire(sent, start + sent * intervalMs);
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  const sendingEndedAt = performance.now();
  await Promise.all(inflight);
  agent.destroy();
  return { start, sendingEndedAt, total, rate, durationSeconds };
}

/** Waits until the socket has heard of every stored message, or `timeoutMs` passed. */
export async function waitForSocket(log, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  const missing = () => log.records().filter((r) => r.status >= 200 && r.status < 300 && r.heardAt === undefined).length;
  while (missing() > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return missing();
}

export const summarize = (values) => {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
};

/**
 * The figures of one run. Throughput is stored messages per second from the first due time to the
 * last answer, so a server that falls behind (answers arriving long after the sending stopped)
 * shows a rate below the offered one. Latencies run from the moment a message was due.
 */
export function runFigures(run, log) {
  const records = log.records();
  const ok = records.filter((r) => r.status >= 200 && r.status < 300);
  const lastAnswer = Math.max(...records.map((r) => r.answeredAt ?? 0));
  const statuses = {};
  for (const r of records)
    if (!(r.status >= 200 && r.status < 300))
      statuses[r.error ? 'network error' : r.status] = (statuses[r.error ? 'network error' : r.status] ?? 0) + 1;
  const heard = ok.filter((r) => r.heardAt !== undefined);
  return {
    offeredRate: run.rate,
    durationSeconds: run.durationSeconds,
    sent: records.length,
    stored: ok.length,
    failed: records.length - ok.length,
    statuses,
    newContacts: ok.filter((r) => r.isNew).length,
    throughput: ok.length / ((lastAnswer - run.start) / 1000),
    /** How long after the last message was due the last answer came (a backlog shows here). */
    drainMs: lastAnswer - run.sendingEndedAt,
    http: summarize(ok.map((r) => r.answeredAt - r.dueAt)),
    socket: summarize(heard.map((r) => r.heardAt - r.dueAt)),
    socketFromIssue: summarize(heard.map((r) => r.heardAt - r.issuedAt)),
    heard: heard.length,
    missed: ok.length - heard.length,
    strangers: log.strangers(),
    repeats: log.repeats(),
  };
}
