import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clusterDatabase } from '../test/cluster/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killNode, type ServerNode, startNode } from '../test/cluster/nodes';
import { until } from '../test/cluster/wait';

/**
 * Campaign dispatch exactly once across a kill -9 (issue 15): a real server process (the bundle of
 * src/main.ts) dispatches a campaign through the simulator and is killed with SIGKILL in the middle,
 * with rows claimed and sends in flight; a second process on the same PostgreSQL database takes the
 * dispatch over (the spare step jobs, the claim lease) and finishes it. Every contact has exactly one
 * message in the simulator's outbox and one in their ticket. The lease is shortened
 * (CAMPAIGN_CLAIM_LEASE_SECONDS) so the takeover comes in seconds. PostgreSQL only: PGlite is one
 * process's database. Every wait is for a condition in the database, bounded; none is a fixed sleep.
 */
const CONTACTS = 2000;
const LEASE_SECONDS = '5';
/** Rows delivered before the kill: seven steps of 100. */
const KILL_AFTER = 700;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a campaign whose server process is killed mid-dispatch', () => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'chatflow-campaign-kill-'));
  let database: Awaited<ReturnType<typeof clusterDatabase>>;
  const nodes: ServerNode[] = [];

  const start = async (id: string) => {
    const node = await startNode({ id, databaseUrl: database.url, workDir, env: { CAMPAIGN_CLAIM_LEASE_SECONDS: LEASE_SECONDS } });
    nodes.push(node);
    return node;
  };
  const call = async (node: ServerNode, method: string, route: string, token: string, body?: unknown) => {
    const res = await fetch(`${node.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text);
  };
  const one = async <T>(text: string, values: unknown[] = []) => (await database.one<T>(text, values))!;

  beforeAll(async () => {
    database = await clusterDatabase('chatflow_campaign_kill');
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map(killNode));
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }, 30_000);

  test('the second process finishes the campaign: every contact gets the message once, none twice, none lost', async () => {
    const first = await start('node-a');
    const login = await fetch(`${first.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { companyId: number } };
    const companyId = user.companyId;
    const connection = await call(first, 'POST', '/whatsapp', token, { name: 'Simulador campanha', provider: 'simulator' });
    await until('the simulator connection is connected', async () => {
      const row = await one<{ status: string }>('select status from connections where id = $1', [connection.id]);
      return row.status === 'CONNECTED';
    });
    // The audience straight into the database: thousands of items through the API would only slow the test.
    const list = await call(first, 'POST', '/contact-lists', token, { name: 'Clientes kill -9' });
    await database.pool.query(
      `insert into contact_list_items (company_id, contact_list_id, name, number, email)
       select $1, $2, 'Cliente ' || i, '5511977' || lpad(i::text, 6, '0'), '' from generate_series(1, $3::int) i`,
      [companyId, list.id, CONTACTS],
    );
    const noPauses = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, startHour: '00:00', endHour: '00:00' };
    await call(first, 'POST', '/campaign-settings', token, { settings: { ...noPauses, sabado: true, domingo: true } });
    const campaign = await call(first, 'POST', '/campaigns', token, {
      name: 'Promoção kill -9',
      message1: 'Olá {nome}',
      whatsappId: connection.id,
      contactListId: list.id,
      openTicket: 'enabled',
      statusTicket: 'pending',
      scheduledAt: new Date().toISOString(),
    });
    const states = () =>
      one<{ delivered: string; claimed: string; pending: string }>(
        `select count(*) filter (where state = 'delivered') as delivered, count(*) filter (where state = 'claimed') as claimed,
                count(*) filter (where state = 'pending') as pending
         from campaign_shipping where campaign_id = $1`,
        [campaign.id],
      );

    // Mid-run, several steps in (past the first spare step job's stride: the takeover then rests on the newest
    // spare looking again, not on the first one), with a batch claimed and being sent.
    await until(
      'the first process is sending',
      async () => {
        const s = await states();
        return Number(s.delivered) >= KILL_AFTER && Number(s.claimed) > 0;
      },
      60_000,
    );
    await killNode(first);
    const atKill = await states();
    expect(Number(atKill.delivered)).toBeLessThan(CONTACTS);
    expect(Number(atKill.claimed) + Number(atKill.pending)).toBeGreaterThan(0);

    await start('node-b');
    await until(
      'the second process finishes the campaign',
      async () => (await one<{ status: string }>('select status from campaigns where id = $1', [campaign.id])).status === 'FINALIZADA',
      180_000,
    );

    // The phones: each number of the list got exactly one message, the campaign's.
    const outbox = await one<{ numbers: string; sends: string; wrong: string }>(
      `select count(distinct number) as numbers, count(*) as sends, count(*) filter (where body not like 'Olá Cliente %') as wrong
       from simulator_outbox where connection_id = $1`,
      [connection.id],
    );
    expect(outbox).toEqual({ numbers: String(CONTACTS), sends: String(CONTACTS), wrong: '0' });
    // The inbox: one pending ticket per contact holding that one message; the count and every row delivered.
    const tickets = await one<{ contacts: string; messages: string; twice: string }>(
      `select count(distinct t.contact_id) as contacts, count(m.id) as messages,
              count(*) filter (where (select count(*) from messages x where x.ticket_id = t.id) <> 1) as twice
       from tickets t join messages m on m.ticket_id = t.id
       where t.connection_id = $1 and t.status = 'pending' and m.from_me`,
      [connection.id],
    );
    expect(tickets).toEqual({ contacts: String(CONTACTS), messages: String(CONTACTS), twice: '0' });
    const done = await one<{ delivered_count: number; undelivered: string }>(
      `select c.delivered_count, (select count(*) from campaign_shipping s where s.campaign_id = c.id and s.state <> 'delivered') as undelivered
       from campaigns c where c.id = $1`,
      [campaign.id],
    );
    expect(done).toEqual({ delivered_count: CONTACTS, undelivered: '0' });
  }, 300_000);
});
