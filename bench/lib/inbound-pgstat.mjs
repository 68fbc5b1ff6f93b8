import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');

/**
 * PostgreSQL's own counters for the bench database (pg_stat_database): transactions committed and
 * rolled back, rows written. Divided by the messages of a run they say how many round trips of
 * work each message costs (every statement outside a transaction is a transaction of its own).
 * PostgreSQL publishes them with a delay of up to a second, so read them after the run settles.
 */
export async function databaseCounters(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Without this, a read inside one transaction may see a cached snapshot of the counters.
    await client.query('select pg_stat_clear_snapshot()');
    const { rows } = await client.query(`select xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted
      from pg_stat_database where datname = current_database()`);
    const r = rows[0];
    return {
      commits: Number(r.xact_commit),
      rollbacks: Number(r.xact_rollback),
      inserted: Number(r.tup_inserted),
      updated: Number(r.tup_updated),
      deleted: Number(r.tup_deleted),
    };
  } finally {
    await client.end();
  }
}

export function counterDelta(before, after, messages) {
  const per = (key) => (after[key] - before[key]) / Math.max(1, messages);
  return { commits: per('commits'), rollbacks: per('rollbacks'), inserted: per('inserted'), updated: per('updated') };
}

function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(after[11]) + Number(after[12]); // utime + stime, in 1/100 s
  } catch {
    return null; // ended meanwhile
  }
}

/**
 * CPU time of the PostgreSQL backends serving the bench database only (the machine's PostgreSQL may
 * serve other databases too). Returns a function that gives the seconds used since this call; a
 * backend that started meanwhile counts from zero, one that ended meanwhile is lost (pool connections
 * live for the whole run, so that is rare).
 */
export async function databaseBackendsMeter(databaseUrl) {
  const pids = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
  const start = new Map((await pids()).map((pid) => [pid, processTicks(pid) ?? 0]));
  return async () => {
    let ticks = 0;
    for (const pid of await pids()) ticks += (processTicks(pid) ?? 0) - (start.get(pid) ?? 0);
    return ticks / 100;
  };
}
