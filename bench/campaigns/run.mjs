// Campaigns at scale (issue 15), on PostgreSQL, of the built server (`npm run build` first): a contact
// list of 100,000 items (written in SQL: the import is not what is measured), settings with every
// interval at 0 and no closed hours, then a campaign due now. Measured: the preparation (from the POST
// to the campaign showing EM_ANDAMENTO with its shipping rows), the dispatch through the simulator
// (sends per second until FINALIZADA, counted in the simulator's outbox), and the database work per
// send (statements and transactions from pg_stat_database / pg_stat_statements deltas over the
// dispatch, divided by the sends). Targets: prepare <= 10 s, >= 500 sends/s. Writes
// bench/results/campaigns.md. The server is stopped and the database dropped afterwards.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine } from '../lib/machine.mjs';
import { createDatabase, dropDatabase, postgresVersion } from '../lib/postgres.mjs';
import { killAllServers, login, REPO_ROOT, removeDir, startServer, tempDir } from '../lib/server.mjs';
import { runBench } from '../lib/run-bench.mjs';

const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');
const here = path.dirname(fileURLToPath(import.meta.url));
const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS) || 100_000;
const DB_NAME = `chatflow_bench_campaigns_${process.pid}`;
const log = (msg) => console.log(`[bench:campaigns] ${msg}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dirs = [];

async function api(baseUrl, token, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Transactions committed and rows written in the bench database so far. */
async function dbCounters(db) {
  const { rows } = await db.query(
    'select xact_commit::bigint as commits, (tup_inserted + tup_updated + tup_deleted)::bigint as writes from pg_stat_database where datname = current_database()',
  );
  return { commits: Number(rows[0].commits), writes: Number(rows[0].writes) };
}

async function waitFor(what, check, timeoutMs) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  const loadBefore = os.loadavg()[0];
  const machine = describeMachine();
  const pgVersion = await postgresVersion();
  const dataDir = tempDir('chatflow-bench-campaigns-');
  dirs.push(dataDir);
  const databaseUrl = await createDatabase(DB_NAME);
  const db = new pg.Client({ connectionString: databaseUrl });
  let server = null;
  try {
    server = await startServer({
      dataDir: path.join(dataDir, 'data'),
      databaseUrl,
      logFile: path.join(REPO_ROOT, '.tmp/campaigns-server.log'),
      env: { LOG_LEVEL: 'warn' },
    });
    await db.connect();
    const token = await login(server.baseUrl);
    const me = await api(server.baseUrl, token, 'GET', '/auth/me');
    const companyId = me.companyId;
    const connection = await api(server.baseUrl, token, 'POST', '/whatsapp', { name: 'Bench campanhas', provider: 'simulator' });
    await api(server.baseUrl, token, 'POST', '/campaign-settings', {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '00:00',
        endHour: '00:00',
        sabado: true,
        domingo: true,
      },
    });
    const list = await api(server.baseUrl, token, 'POST', '/contact-lists', { name: 'Bench 100k' });
    await db.query(
      `insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
       select $1, $2, 'Cliente ' || g, (5511900000000 + g)::text, 'c' || g || '@bench.local', true from generate_series(1, $3) g`,
      [companyId, list.id, CONTACTS],
    );
    await db.query('analyze contact_list_items');
    await sleep(3000); // pg-boss creates its queues at start
    log(`list of ${CONTACTS} contacts written; starting the campaign`);

    const before = await dbCounters(db);
    const t0 = performance.now();
    const campaign = await api(server.baseUrl, token, 'POST', '/campaigns', {
      name: 'Bench',
      message1: 'Olá {nome}, oferta A',
      message2: 'Olá {nome}, oferta B',
      whatsappId: connection.id,
      contactListId: list.id,
      scheduledAt: new Date().toISOString(),
    });
    const prepared = await waitFor(
      'the preparation',
      async () => {
        const c = await api(server.baseUrl, token, 'GET', `/campaigns/${campaign.id}`);
        return c.status !== 'PROGRAMADA' && c.contactsCount > 0 ? c : null;
      },
      120_000,
    );
    const prepareMs = performance.now() - t0;
    log(`prepared ${prepared.contactsCount} rows in ${fmt(prepareMs)} ms`);
    const t1 = performance.now();
    const afterPrepare = await dbCounters(db);
    const finished = await waitFor(
      'FINALIZADA',
      async () => {
        const c = await api(server.baseUrl, token, 'GET', `/campaigns/${campaign.id}`);
        return c.status === 'FINALIZADA' ? c : null;
      },
      30 * 60_000,
    );
    const dispatchMs = performance.now() - t1;
    const after = await dbCounters(db);
    const { rows } = await db.query(
      'select count(*)::int as sent, count(distinct number)::int as numbers from simulator_outbox where connection_id = $1',
      [connection.id],
    );
    const sent = rows[0].sent;
    const perSecond = sent / (dispatchMs / 1000);
    const commitsPerSend = (after.commits - afterPrepare.commits) / sent;
    const writesPerSend = (after.writes - afterPrepare.writes) / sent;
    const loadAfter = os.loadavg()[0];
    log(`sent ${sent} (${rows[0].numbers} distinct numbers) in ${fmt(dispatchMs)} ms: ${fmt(perSecond)} sends/s`);

    const text = [
      '## Campaigns: preparing 100,000 contacts and dispatching through the simulator',
      '',
      'Written by `npm run bench` (bench/campaigns/run.mjs). Do not edit by hand; re-run to refresh.',
      '',
      `Machine: ${machine.nproc} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${pgVersion} (loopback), ${machine.date}.`,
      `Load average (1 min) at start / end: ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}.${loadBefore > 1 ? ' **The machine was busy: these figures are lower bounds.**' : ''}`,
      '',
      '| figure | measured | target | result |',
      '| --- | --- | --- | --- |',
      `| prepare ${fmt(prepared.contactsCount)} shipping rows (POST to EM_ANDAMENTO with its rows) | ${fmt(prepareMs)} ms | <= 10,000 ms | **${prepareMs <= 10_000 ? 'pass' : 'FAIL'}** |`,
      `| dispatch through the simulator, intervals 0 (EM_ANDAMENTO to FINALIZADA) | ${fmt(perSecond)} sends/s (${fmt(sent)} in ${fmt(dispatchMs / 1000, 1)} s) | >= 500 sends/s | **${perSecond >= 500 ? 'pass' : 'FAIL'}** |`,
      `| every contact received exactly one message (simulator outbox) | ${fmt(sent)} messages, ${fmt(rows[0].numbers)} numbers, delivered ${fmt(finished.deliveredCount)} | = ${fmt(prepared.contactsCount)} | **${sent === prepared.contactsCount && rows[0].numbers === sent ? 'pass' : 'FAIL'}** |`,
      `| database work per send during the dispatch (all transactions and row writes, the simulator's own and pg-boss's included) | ${commitsPerSend.toFixed(2)} commits, ${writesPerSend.toFixed(2)} row writes | constant | see note |`,
      '',
      'Per send the dispatch itself claims in one statement per batch of 500 and completes in one statement per batch, and',
      "records the batch in the contacts' tickets with about a dozen set-based statements per batch (dispatch/record.ts: one",
      'contact upsert, one ticket read and insert, one message insert, one log insert, each one array per column through',
      'unnest: db/insert-rows.ts), which write a contact, a ticket, a message and two log rows per send. The simulator records',
      "the step's sends in one outbox insert and reports their acks with one job per ack for the whole step; the two acks move",
      "each message and its outbox row (four row updates a send), as a real provider's status reports move the messages.",
      'The messages written together are announced side by side, their views read in one statement.',
      `Before the dispatch (preparation) the database did ${fmt(afterPrepare.commits - before.commits)} commits.`,
      '',
    ].join('\n');
    mkdirSync(path.join(here, '../results'), { recursive: true });
    writeFileSync(path.join(here, '../results/campaigns.md'), text);
    log('wrote bench/results/campaigns.md');
  } finally {
    await db.end().catch(() => {});
    await server?.stop();
    killAllServers();
    await dropDatabase(DB_NAME).catch((err) => console.error(`could not drop ${DB_NAME}: ${err.message}`));
    for (const dir of dirs) removeDir(dir);
  }
}

runBench(main, { dbName: DB_NAME, dirs });
