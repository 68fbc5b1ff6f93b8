import { createRequire } from 'node:module';
import path from 'node:path';
import { messageLog, sendPaced, summarize } from './inbound-traffic.mjs';
import { REPO_ROOT } from './server.mjs';

// `pg` is the server's driver, loaded from there as bench/lib/postgres.mjs does.
const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');

/**
 * Agents' replies leaving for the provider (issue 12): an open loop of `POST /messages/{ticketId}` at `rate`
 * replies/s over tickets the agent has accepted, each reply a unique body. The provider is the simulator,
 * which stores what it receives in `simulator_outbox` (created_at is PostgreSQL's clock, the same machine's
 * as the generator's). Latency runs from when a reply was due to the simulator's row; exactly once means
 * one outbox row per reply, checked after every reply arrived (or the wait ran out).
 */
export async function measureReplies({ baseUrl, token, userId, companyId, databaseUrl, rate, seconds, tickets: wanted = 100, tag }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select id from tickets where company_id = $1 and status in ('pending', 'open') and is_group = false order by id limit $2`,
      [companyId, wanted],
    );
    if (rows.length === 0) throw new Error('no ticket to reply to: the warm-up should have opened some');
    // The agent accepts each ticket first, as in the inbox; replies then go to open tickets of theirs.
    for (const { id } of rows) {
      const res = await fetch(`${baseUrl}/tickets/${id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'open', userId }),
      });
      if (!res.ok) throw new Error(`PUT /tickets/${id} answered ${res.status}: ${await res.text()}`);
    }
    let turn = 0;
    const log = messageLog();
    const run = await sendPaced({
      baseUrl,
      rate,
      durationSeconds: seconds,
      connections: 32,
      log,
      tag,
      next: () => ({ ticketId: rows[turn++ % rows.length].id, isNew: false }),
      request: (ticket, body) => ({
        path: `/messages/${ticket.ticketId}`,
        json: JSON.stringify({ body }),
        headers: { authorization: `Bearer ${token}` },
      }),
    });
    const entries = log.entries();
    const records = entries.map(([, r]) => r);
    const bodies = entries.map(([body]) => body);
    const accepted = records.filter((r) => r.status >= 200 && r.status < 300);
    // Wait (bounded) for every accepted reply to reach the simulator.
    const deadline = Date.now() + 15_000;
    let arrived = [];
    while (Date.now() < deadline) {
      arrived = (
        await db.query(
          'select body, count(*)::int as copies, (extract(epoch from min(created_at)) * 1000)::float8 as at from simulator_outbox where body = any($1) group by body',
          [bodies],
        )
      ).rows;
      if (arrived.length >= accepted.length) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const byBody = new Map(entries);
    const latencies = arrived.map((row) => row.at - (performance.timeOrigin + byBody.get(row.body).dueAt));
    return {
      rate,
      seconds,
      tickets: rows.length,
      sent: records.length,
      accepted: accepted.length,
      arrived: arrived.length,
      duplicated: arrived.filter((row) => row.copies > 1).length,
      http: summarize(accepted.map((r) => r.answeredAt - r.dueAt)),
      provider: summarize(latencies),
      start: run.start,
    };
  } finally {
    await db.end();
  }
}
