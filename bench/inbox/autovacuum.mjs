// Waits for PostgreSQL's autovacuum to catch up with the tickets table before measuring. The dataset
// leaves a third of the active tickets with a fresh row version (see dataset.mjs), as a live inbox
// has; migration 0003 has autovacuum process tickets once 2% of it is dead rows, which in a live
// inbox happens within a minute of crossing that line. The lists' index-only walks depend on it.
// Where the server runs with autovacuum off (this machine's CI configuration does), the bench runs
// the VACUUM autovacuum would have run, and the results say so.
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../lib/server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The tickets table's dead rows and visibility map, and autovacuum's threshold for it. */
async function ticketsState(client) {
  const {
    rows: [row],
  } = await client.query(`
    select s.n_dead_tup::int as dead, c.relpages::int as pages, c.relallvisible::int as all_visible,
      current_setting('autovacuum_vacuum_threshold')::int
        + coalesce((select split_part(o, '=', 2)::float8 from unnest(c.reloptions) o where o like 'autovacuum_vacuum_scale_factor=%'),
                   current_setting('autovacuum_vacuum_scale_factor')::float8) * c.reltuples as threshold,
      s.last_autovacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'tickets'`);
  return row;
}

/**
 * Polls until the tickets table is under autovacuum's threshold (or `timeoutMs` passes). Returns what
 * it saw, for the results: dead rows and all-visible pages before and after, and how long it waited.
 */
export async function waitForTicketsAutovacuum(connectionString, log, timeoutMs = 5 * 60_000) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const started = Date.now();
    const before = await ticketsState(client);
    const {
      rows: [{ autovacuum }],
    } = await client.query("select current_setting('autovacuum') as autovacuum");
    if (autovacuum !== 'on' && before.dead > before.threshold) {
      log(
        `autovacuum is off on this PostgreSQL: vacuuming tickets as it would (${before.dead} dead rows, threshold ${Math.round(before.threshold)})`,
      );
      await client.query('vacuum (analyze) tickets');
      const after = await ticketsState(client);
      return { before, after, waitedMs: Date.now() - started, caughtUp: after.dead <= after.threshold, byBench: true };
    }
    let now = before;
    while (now.dead > now.threshold && Date.now() - started < timeoutMs) {
      log(`waiting for autovacuum on tickets: ${now.dead} dead rows (threshold ${Math.round(now.threshold)})`);
      await sleep(10_000);
      now = await ticketsState(client);
    }
    return { before, after: now, waitedMs: Date.now() - started, caughtUp: now.dead <= now.threshold, byBench: false };
  } finally {
    await client.end();
  }
}
