import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clusterDatabase } from '../test/cluster/database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, killNode, type ServerNode, startNode as startServerNode } from '../test/cluster/nodes';
import { until } from '../test/cluster/wait';

/**
 * Sessions across nodes, end to end: two real server processes (`src/main.ts`) on one PostgreSQL
 * database, WhatsApp Web over the fake phone (WHATSAPP_WEB_TRANSPORT=fake-phone, which writes every
 * message it is sent to fake_phone_sent, so this process can count what each node sent). The node
 * holding the session is killed with SIGKILL: the other takes the session and sends what the agents
 * wrote meanwhile; nothing is sent twice. PostgreSQL only (PGlite is one process's database).
 * Every wait is for a condition in the database, bounded by a deadline; none is a fixed sleep.
 */
type Node = ServerNode;

describe.skipIf(!process.env.TEST_DATABASE_URL)('sessions across two server processes', () => {
  let database: Awaited<ReturnType<typeof clusterDatabase>>;
  let db: pg.Pool;
  const nodes: Node[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chatflow-nodes-'));

  async function startNode(id: string): Promise<Node> {
    const node = await startServerNode({ id, databaseUrl: database.url, workDir: dataDir, env: { SIMULATOR: 'off' } });
    nodes.push(node);
    return node;
  }

  async function login(node: Node): Promise<string> {
    const res = await fetch(`${node.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  async function post(node: Node, token: string, route: string, body: unknown = {}) {
    const res = await fetch(`${node.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text);
  }

  const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T | undefined;

  beforeAll(async () => {
    database = await clusterDatabase();
    db = database.pool;
    // Both start at once, as a cluster does (the first-start seed serializes itself).
    await Promise.all([startNode('node-a'), startNode('node-b')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(killNode));
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** What the fake phone got for a message: its kind ('send', 'edit', 'delete'), body and the node that sent it. */
  const phoneGot = async (externalId: string, kind: string) =>
    one<{ body: string; node: string }>(`select body, node from fake_phone_sent where message_id = $1 and kind = $2`, [externalId, kind]);

  test('an edit and a delete made on the node without the session are done by the holder', async () => {
    const [a] = nodes;
    const user = await one<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [ADMIN_EMAIL]);
    const companyId = user!.company_id;
    const connection = await one<{ id: number }>(
      `insert into connections (company_id, name, provider, token) values ($1, 'WA edits', 'beta', $2) returning id`,
      [companyId, randomBytes(15).toString('hex')],
    );
    const connectionId = connection!.id;
    const contact = await one<{ id: number }>(`insert into contacts (company_id, name, number) values ($1, 'Bia', $2) returning id`, [
      companyId,
      `5521${Date.now().toString().slice(-9)}`,
    ]);
    const ticket = await one<{ id: number }>(
      `insert into tickets (company_id, contact_id, connection_id, user_id, status) values ($1, $2, $3, $4, 'open') returning id`,
      [companyId, contact!.id, connectionId, user!.id],
    );
    const token = await login(a);
    await post(a, token, `/whatsappsession/${connectionId}`);
    const holderId = await until('the session is CONNECTED under a lease', async () => {
      const row = await one<{ status: string; owner: string | null }>(
        `select c.status, l.owner from connections c left join channel_leases l on l.connection_id = c.id where c.id = $1`,
        [connectionId],
      );
      return row?.status === 'CONNECTED' && row.owner ? row.owner : null;
    });
    const other = nodes.find((n) => n.id !== holderId)!;
    const { id } = await post(other, token, `/messages/${ticket!.id}`, { body: 'valor: R$ 10' });
    const externalId = await until('the reply is sent', async () => {
      const row = await one<{ external_id: string | null; ack: number }>('select external_id, ack from messages where id = $1', [id]);
      return row?.external_id && row.ack >= 1 ? row.external_id : null;
    });

    await post(other, token, `/messages/edit/${id}`, { body: 'valor: R$ 12' });
    const edit = await until('the edit reaches the phone', () => phoneGot(externalId, 'edit'));
    expect(edit).toEqual({ body: 'valor: R$ 12', node: holderId });

    const res = await fetch(`${other.url}/messages/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const deleted = await until('the delete reaches the phone', () => phoneGot(externalId, 'delete'));
    expect(deleted.node).toBe(holderId);
  }, 120_000);

  test('the holder is killed: the other node takes the session and sends what was pending, each message once', async () => {
    const [a] = nodes;
    const user = await one<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [ADMIN_EMAIL]);
    const companyId = user!.company_id;
    const connection = await one<{ id: number }>(
      `insert into connections (company_id, name, provider, token) values ($1, 'WA nodes', 'beta', $2) returning id`,
      [companyId, randomBytes(15).toString('hex')],
    );
    const connectionId = connection!.id;
    const number = `5511${Date.now().toString().slice(-9)}`;
    const contact = await one<{ id: number }>(`insert into contacts (company_id, name, number) values ($1, 'Ana', $2) returning id`, [
      companyId,
      number,
    ]);
    const ticket = await one<{ id: number }>(
      `insert into tickets (company_id, contact_id, connection_id, user_id, status) values ($1, $2, $3, $4, 'open') returning id`,
      [companyId, contact!.id, connectionId, user!.id],
    );

    // One login serves every node (one live session per user; the token is checked against the shared database).
    const token = await login(a);
    // Asked on node A, the session starts where the lease lands; the fake phone scans the QR code.
    await post(a, token, `/whatsappsession/${connectionId}`);
    const holderId = await until('the session is CONNECTED under a lease', async () => {
      const row = await one<{ status: string; owner: string | null }>(
        `select c.status, l.owner from connections c left join channel_leases l on l.connection_id = c.id where c.id = $1`,
        [connectionId],
      );
      return row?.status === 'CONNECTED' && row.owner ? row.owner : null;
    });
    // Replies taken by the node that does not hold the session are sent by the holder.
    const other = nodes.find((n) => n.id !== holderId)!;
    const before: number[] = [];
    for (const body of ['um', 'dois', 'três']) before.push((await post(other, token, `/messages/${ticket!.id}`, { body })).id);
    const sentBy = async (ids: number[]) =>
      (
        await db.query<{ id: string; node: string; copies: string }>(
          `select m.id, min(f.node) as node, count(f.id) as copies
             from messages m join fake_phone_sent f on f.message_id = m.external_id and f.kind = 'send'
            where m.id = any($1) group by m.id order by m.id`,
          [ids],
        )
      ).rows;
    await until('the first replies are sent', async () => (await sentBy(before)).length === before.length);
    expect((await sentBy(before)).map((r) => r.copies)).toEqual(before.map(() => '1'));

    // The holder (read again: a machine stalled past a lease may have moved it) dies without a word;
    // replies keep coming to the other node meanwhile.
    const current = await one<{ owner: string }>('select owner from channel_leases where connection_id = $1', [connectionId]);
    const holder = nodes.find((n) => n.id === current?.owner)!;
    const survivor = nodes.find((n) => n !== holder)!;
    holder.child.kill('SIGKILL');
    await holder.exited;
    const after: number[] = [];
    for (const body of ['quatro', 'cinco', 'seis']) {
      after.push((await post(survivor, token, `/messages/${ticket!.id}`, { body })).id);
    }

    await until(
      'the other node holds the session and sent what was pending',
      async () => {
        const lease = await one<{ owner: string }>('select owner from channel_leases where connection_id = $1', [connectionId]);
        return lease?.owner === survivor.id && (await sentBy(after)).length === after.length;
      },
      60_000,
    );
    expect((await sentBy(after)).map((r) => [r.node, r.copies])).toEqual(after.map(() => [survivor.id, '1']));
    // Nothing else reached the phone: six messages, each once, none of the first sent again.
    const total = await one<{ n: string }>(`select count(*) as n from fake_phone_sent where jid = $1 and kind = 'send'`, [
      `${number}@s.whatsapp.net`,
    ]);
    expect(total?.n).toBe('6');
    const stored = await db.query<{ ack: number }>('select ack from messages where id = any($1)', [[...before, ...after]]);
    expect(stored.rows.map((r) => r.ack >= 1)).toEqual([...before, ...after].map(() => true));
  }, 150_000);
});
