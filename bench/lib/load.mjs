import http from 'node:http';
import autocannon from 'autocannon';

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Runs `tasks` with at most `limit` at once. */
export async function pool(tasks, limit) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

function summarize(latencies, { requests, seconds, non2xx, errors, timeouts }) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests,
    reqPerSec: requests / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
    non2xx,
    errors,
    timeouts,
  };
}

/**
 * autocannon against one URL. autocannon reports p97.5 but not p95, so every response time is kept
 * here (from autocannon's own per-response event) and the percentiles are computed from all of them.
 * With `overallRate`, autocannon caps each connection at rate/connections requests per second.
 */
export async function runAutocannon({ url, headers, connections, durationSeconds, overallRate }) {
  const latencies = [];
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: durationSeconds,
    ...(overallRate ? { overallRate } : {}),
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  const result = await instance;
  return summarize(latencies, {
    requests: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  });
}

/**
 * An open-loop load at an even pace: requests are due every 1/rate seconds over a pool of keep-alive
 * connections, and each latency runs from the moment its request was due, so a stalled server is
 * charged for the requests it made wait (no coordinated omission). This is the shape of real traffic
 * from many browsers, unlike autocannon's per-second bursts.
 */
export async function runPaced({ url, headers, connections, durationSeconds, rate }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const fromSend = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const total = Math.round(rate * durationSeconds);
  const intervalNs = 1e9 / rate;
  const start = process.hrtime.bigint();
  const inflight = new Set();

  const fire = (dueNs) => {
    const p = new Promise((resolve) => {
      const sentAt = process.hrtime.bigint();
      const req = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            const now = process.hrtime.bigint();
            if (res.statusCode >= 200 && res.statusCode < 300) {
              latencies.push(Number(now - start - dueNs) / 1e6);
              fromSend.push(Number(now - sentAt) / 1e6);
            } else non2xx++;
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
    inflight.add(p);
    p.then(() => inflight.delete(p));
  };

  // Bounded by `total`: send what is due, then sleep on a timer (not a busy loop: the generator shares
  // the CPUs with the server). Timers wake about every millisecond, so a request may leave up to ~1 ms
  // after it was due; that delay is counted in its latency, which errs on the pessimistic side.
  while (sent < total) {
    const elapsed = process.hrtime.bigint() - start;
    const due = Math.min(total, Math.floor(Number(elapsed) / intervalNs) + 1);
    while (sent < due) {
      fire(BigInt(Math.round(sent * intervalNs)));
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inflight);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  agent.destroy();
  const summary = summarize(latencies, { requests: latencies.length + non2xx, seconds, non2xx, errors, timeouts: 0 });
  const sorted = Float64Array.from(fromSend).sort();
  summary.fromSend = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  return summary;
}
