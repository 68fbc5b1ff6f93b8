// The bot suites' floor: the same burst of customers, the same load generator and the same latency measure
// (customer-steps.mjs) against bare-bot-server.mjs, a bot that does only what any bot must (keep the message,
// keep the reply: two commits) on the same machine and PostgreSQL. Where its p99 is over the target, the
// target cannot be shown here; where it is under, the gap is the product's own cost.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { customerStep, pooledSteps } from './customer-steps.mjs';
import { createDatabase, dropDatabase } from './postgres.mjs';
import { freePort, REPO_ROOT } from './server.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));

/** `steps` bursts of `customers` answers at once (after a warm-up) against the bare bot; the pooled figures. */
export async function bareBotBurst({ customers, inFlight, steps = 3, log }) {
  const name = `chatflow_bench_bare_bot_${process.pid}`;
  const databaseUrl = await createDatabase(name);
  const db = new pg.Client({ connectionString: databaseUrl });
  let child = null;
  try {
    await db.connect();
    await db.query(`create table bare_messages (id bigserial primary key, number text not null, body text, created_at timestamptz not null default now());
      create table simulator_outbox (id bigserial primary key, connection_id int not null, number text not null, body text, created_at timestamptz not null default now());
      create index on simulator_outbox (connection_id, created_at)`);
    const port = await freePort();
    child = fork(path.join(here, 'bare-bot-server.mjs'), [], { env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) } });
    await new Promise((resolve) => child.once('message', resolve));
    const base = 5511900000000;
    const numbers = (from, n) => Array.from({ length: n }, (_, i) => String(base + from + i));
    const ctx = { baseUrl: `http://127.0.0.1:${port}`, connection: { id: 1, token: 'bare' }, db, numbers: numbers(0, customers) };
    await customerStep({ ...ctx, numbers: numbers(500_000, 100) }, { label: 'bare bot warm-up', body: 'oi', inFlight, log });
    const runs = [];
    for (let i = 0; i < steps; i++)
      runs.push(await customerStep(ctx, { label: `bare bot burst ${i + 1}`, body: String(i), inFlight, log }));
    return pooledSteps('bare bot, all answers', runs);
  } finally {
    child?.kill();
    await db.end().catch(() => {});
    await dropDatabase(name).catch(() => {});
  }
}
