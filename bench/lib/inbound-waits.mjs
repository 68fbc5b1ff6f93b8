import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');

/** Names for the statements a message runs, by how their text starts (else the text itself is shown). */
const STATEMENTS = [
  ['with conn as ( select id, company_id', 'append to the open ticket (inbound/active-ticket.ts)'],
  ['with conn as ( select c.id, c.company_id', 'first message of a number (inbound/first-message.ts)'],
  ['select "messages"."id", "messages"."company_id"', 'announcement read (inbound/views.ts)'],
  ['select pg_notify', 'Socket.IO adapter NOTIFYs (realtime/notify-batcher.ts)'],
  ['SELECT pg_notify', 'Socket.IO adapter NOTIFY'],
  ['select "id", "company_id", "name", "number"', 'connection lookup (simulator/access.ts)'],
];
const statementName = (text) => STATEMENTS.find(([start]) => text.startsWith(start))?.[1] ?? text.slice(0, 48);

/** How often pg_stat_activity is sampled during a run. */
const SAMPLE_MS = 50;

/**
 * What the bench database's backends are doing during a run, sampled from pg_stat_activity every
 * SAMPLE_MS: for each (wait event, statement) the average number of backends in that state. A
 * backend "on CPU" is active with no wait event; "ClientRead" inside a transaction means PostgreSQL
 * waits for the server (its round trip); Lock, LWLock and IO waits say where work queues inside
 * PostgreSQL. Idle backends (waiting for the server to send work) are counted apart. Costs one
 * query per sample on its own connection, which the CPU figures of the run include.
 */
export async function waitSampler(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let idle = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query(`select state, wait_event_type, wait_event,
          left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as query
        from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`);
      samples++;
      for (const r of rows) {
        if (r.state === 'idle') {
          idle++;
          continue;
        }
        const wait = r.wait_event_type ? `${r.wait_event_type}: ${r.wait_event}` : 'on CPU';
        const key = `${r.state}\u0000${wait}\u0000${statementName(r.query.trim())}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  return async () => {
    stopped = true;
    await loop.catch(() => {});
    await client.end();
    const per = (n) => n / Math.max(1, samples);
    const states = [...counts]
      .map(([key, n]) => {
        const [state, wait, query] = key.split('\u0000');
        return { state, wait, query, backends: per(n) };
      })
      .sort((a, b) => b.backends - a.backends);
    return { samples, idleBackends: per(idle), busyBackends: states.reduce((s, r) => s + r.backends, 0), states };
  };
}
