// The history a bench company has before its run, as a node in service has (channels and inbound suites).
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');

/** The history the bench company has before the run: contacts, each with a closed ticket and a few messages. */
export const HISTORY = { contacts: Number(process.env.BENCH_HISTORY_CONTACTS ?? 20_000), messagesPerTicket: 5 };

/**
 * A company with a history, as a node in service has: HISTORY.contacts contacts (numbers apart from
 * the traffic's, on the connection's channel), each with a closed ticket of a few messages and its
 * automation state, then VACUUM ANALYZE, as autovacuum does on a live database. On tables created empty seconds before, PostgreSQL
 * planned the server's prepared statements for a few hundred rows (a hash join over a whole-table
 * scan of tickets), and kept those plans while the run grew the tables tenfold: pg_stat_user_tables
 * showed 20,000 sequential scans of tickets in one short run, a cost no node with a history pays.
 */
export async function seedHistory(databaseUrl, companyId, connectionId) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into contacts (company_id, name, number, channel, connection_id)
       select $1, 'Histórico ' || g, '55219' || lpad(g::text, 8, '0'), (select channel from connections where id = $2), $2
       from generate_series(1, $3::int) g`,
      [companyId, connectionId, HISTORY.contacts],
    );
    await client.query(
      `insert into tickets (company_id, contact_id, connection_id, status, last_message, created_at, updated_at)
       select company_id, id, $2, 'closed', 'Até logo', now() - interval '1 day', now() - interval '1 day'
       from contacts where company_id = $1 and number like '55219%'`,
      [companyId, connectionId],
    );
    await client.query(
      `insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, read, external_id, created_at, updated_at)
       select t.company_id, t.id, t.contact_id, $2, 'Mensagem antiga ' || k, k % 2 = 0, true, 'history-' || t.id || '-' || k,
         now() - interval '1 day', now() - interval '1 day'
       from tickets t cross join generate_series(1, $3::int) k where t.company_id = $1 and t.status = 'closed'`,
      [companyId, connectionId, HISTORY.messagesPerTicket],
    );
    // Their automation turns ran: each ticket has its engine state, as the last message left it.
    await client.query(
      `insert into ticket_automations (ticket_id, company_id, stage, last_message_id)
       select m.ticket_id, m.company_id, 'done', max(m.id) from messages m where m.company_id = $1 group by m.ticket_id, m.company_id`,
      [companyId],
    );
    // VACUUM too: autovacuum would otherwise start on these new rows during the first measured run.
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}
