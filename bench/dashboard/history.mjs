// The inbox dataset has tickets, messages and ratings but no attendance history: the dashboard reads
// ticket_trackings (waits, service times, rating requests) and the 'create' log of each ticket. This
// adds them in bulk, once per dataset (a marker table records it), derived from each ticket's own row:
// every ticket queued at its creation; one with an agent accepted 0 to 29 minutes later; a closed one
// finished 30 to 119 minutes after that; a third of the closed ones asked for a rating; one ticket in
// ten opened by its agent (an active ticket).
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from '../lib/server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
export const HISTORY_VERSION = 'dashboard-1';

export async function ensureHistory(databaseUrl, log) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('create table if not exists bench.dashboard_history (version text primary key, made_at timestamptz default now())');
    const done = await c.query('select 1 from bench.dashboard_history where version = $1', [HISTORY_VERSION]);
    if (done.rowCount) return { reused: true };
    log('adding attendance history (ticket_trackings, create logs) to the dataset');
    const started = Date.now();
    await c.query('begin');
    await c.query('delete from ticket_trackings');
    await c.query("delete from ticket_logs where type = 'create'");
    await c.query(`
      insert into ticket_trackings (company_id, ticket_id, connection_id, queue_id, user_id, queued_at, started_at, finished_at, rating_at, rated, created_at, updated_at)
      select t.company_id, t.id, t.connection_id, t.queue_id, t.user_id, t.created_at,
        case when t.user_id is not null then t.created_at + make_interval(mins => t.id % 30) end,
        case when t.user_id is not null and t.status = 'closed' then t.created_at + make_interval(mins => t.id % 30 + 30 + t.id % 90) end,
        case when t.user_id is not null and t.status = 'closed' and t.id % 3 = 0 then t.created_at + make_interval(mins => 150) end,
        exists (select 1 from user_ratings r where r.ticket_id = t.id),
        t.created_at, t.updated_at
      from tickets t`);
    await c.query(`
      insert into ticket_logs (company_id, ticket_id, user_id, queue_id, type, created_at)
      select t.company_id, t.id, case when t.id % 10 = 0 then t.user_id end, t.queue_id, 'create', t.created_at from tickets t`);
    await c.query('insert into bench.dashboard_history (version) values ($1)', [HISTORY_VERSION]);
    await c.query('commit');
    await c.query('analyze ticket_trackings');
    await c.query('analyze ticket_logs');
    return { reused: false, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}
