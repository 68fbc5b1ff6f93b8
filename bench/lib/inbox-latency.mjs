import http from 'node:http';
import { percentile } from './load.mjs';

/**
 * Latency of one kind of request at low concurrency: `workers` loops, each sending its next request
 * when the previous answer has arrived, until `count` requests are done. Each request comes fresh
 * from `next()` (randomised parameters), so the figures are not those of one cached query. Time runs
 * from sending to the last byte of the body; the body is parsed afterwards (outside the timing) so
 * `inspect` can say how many rows came back. Keep-alive connections, as a browser holds them.
 */
export async function measureLatency({ baseUrl, next, count, workers = 2, inspect = () => null }) {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const latencies = [];
  const rows = [];
  const failures = [];
  let issued = 0;

  const send = (req) =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const r = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: req.path,
          agent,
          headers: { authorization: `Bearer ${req.token}`, accept: 'application/json' },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6, body: Buffer.concat(chunks) }),
          );
        },
      );
      r.setTimeout(30_000, () => r.destroy(new Error('timeout after 30 s')));
      r.on('error', (err) => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6, error: err.message }));
      r.end();
    });

  const loop = async () => {
    while (issued < count) {
      issued++;
      const req = next();
      const res = await send(req);
      if (res.status === 200) {
        latencies.push(res.ms);
        const n = inspect(JSON.parse(res.body.toString('utf8')), req);
        if (n !== null) rows.push(n);
      } else if (failures.length < 5) {
        failures.push(`${res.status} ${req.path}: ${res.error ?? res.body.toString('utf8').slice(0, 200)}`);
      } else failures.push(null);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: workers }, loop));
  agent.destroy();
  return {
    ...summarize(latencies),
    seconds: (Date.now() - started) / 1000,
    errors: failures.length,
    failures: failures.filter(Boolean),
    latencies,
    rows,
  };
}

export function summarize(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const mean = latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : Number.NaN;
  return {
    requests: latencies.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    mean,
  };
}

/** A small seeded generator (mulberry32): the same seed gives every run the same sequence of requests. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(random() * xs.length)];
  /** A random non-empty subset, in the original order. */
  const subset = (xs, min = 1) => {
    const chosen = xs.filter(() => random() < 0.5);
    return chosen.length >= min ? chosen : xs.slice(0, min);
  };
  return { random, int, pick, subset };
}

/** A query string as the web app's api client writes it: lists as JSON arrays, undefined left out. */
export function queryString(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    q.set(k, Array.isArray(v) ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}
