// The channels suite's floor: the same webhooks, generator and agent socket against bare-ingest-server.mjs,
// an ingestion that does only what any must (check the signature, store the message and its conversation's
// preview in one commit, tell the agent) on the same machine and PostgreSQL. Where it does not sustain the
// target rate, the target cannot be shown here; where it does, the gap is the product's own cost.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, dropDatabase } from './postgres.mjs';
import { freePort, REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
export const BARE_COMPANY_ID = 1;

/** Starts the bare ingestion on a database of its own; `stop()` ends it and drops the database. */
export async function startBareIngest({ appSecret }) {
  const name = `chatflow_bench_bare_ingest_${process.pid}`;
  const databaseUrl = await createDatabase(name);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`create table bare_tickets (id serial primary key, number text not null unique, last_message text,
      unread_messages int not null default 0, updated_at timestamptz not null default now());
    create index on bare_tickets (updated_at);
    create table bare_messages (id bigserial primary key, ticket_id int not null references bare_tickets, external_id text not null unique,
      body text, created_at timestamptz not null default now());
    create index on bare_messages (ticket_id, id)`);
  await db.end();
  const port = await freePort();
  const child = fork(path.join(here, 'bare-ingest-server.mjs'), [], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), APP_SECRET: appSecret, COMPANY_ID: String(BARE_COMPANY_ID) },
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare ingestion exited (${code})`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    databaseUrl,
    async stop() {
      child.kill();
      await dropDatabase(name).catch(() => {});
    },
  };
}
