import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clusterDatabase } from '../test/cluster/database';
import { signedHeaders, TEST_APP_SECRET } from '../test/fake-graph';
import { ADMIN_EMAIL, ADMIN_PASSWORD, clusterAdapters, killNode, type ServerNode, startNode } from '../test/cluster/nodes';
import { type ReverseProxy, startProxy } from '../test/cluster/proxy';
import { until } from '../test/cluster/wait';

/**
 * Three real server processes (`src/main.ts`) on one PostgreSQL database behind nginx (round robin, no
 * sticky sessions, websockets; the production example's own configuration, deploy/nginx/chatflow.conf).
 * PostgreSQL only: PGlite is one process's database. Run once per realtime adapter (CLUSTER_TEST_ADAPTERS).
 * Every wait is for a condition, bounded by a deadline; none is a fixed sleep. The last two tests stop
 * nodes (SIGTERM, then SIGKILL), so they run last and in this order.
 */
const METRICS_TOKEN = 'several-nodes-metrics';
/** The Cloud API connection's phone number id (Meta's id, which routes a webhook delivery to its connection). */
const CLOUD_NUMBER_ID = '100200300400500';

describe.skipIf(!process.env.TEST_DATABASE_URL).each(clusterAdapters())('several nodes behind nginx (%s adapter)', (adapter) => {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'chatflow-cluster-'));
  let database: Awaited<ReturnType<typeof clusterDatabase>>;
  let nodes: ServerNode[] = [];
  let proxy: ReverseProxy;
  let companyId: number;
  let adminToken: string;
  let simulator: { id: number; token: string };
  const sockets: Socket[] = [];

  const json = async (res: Response) => {
    const text = await res.text();
    // Meta's webhook is answered in plain text (EVENT_RECEIVED); everything else in JSON.
    const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: res.status, body, headers: res.headers };
  };
  const call = async (base: string, method: string, route: string, token?: string, body?: unknown, headers: Record<string, string> = {}) =>
    json(
      await fetch(`${base}${route}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const login = (base: string, email: string, password: string) => call(base, 'POST', '/auth/login', undefined, { email, password });
  /** A customer's message through the simulator's HTTP face (the connection's token authorises it). */
  const inbound = (base: string, from: string, body: string, id?: string) =>
    call(base, 'POST', `/simulator/${simulator.id}/messages`, simulator.token, { from, body, ...(id ? { id } : {}) });
  /** A customer's message to the Cloud API number, as Meta delivers it: a webhook POST signed with the app secret. */
  const cloudInbound = async (base: string, from: string, body: string, id: string) => {
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA_ID',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550001111', phone_number_id: CLOUD_NUMBER_ID },
                contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
                messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
              },
            },
          ],
        },
      ],
    });
    return json(await fetch(`${base}/webhook`, { method: 'POST', headers: signedHeaders(payload), body: payload }));
  };
  const storedCount = async (externalIds: string[]) =>
    Number((await database.one<{ n: string }>('select count(*) as n from messages where external_id = any($1)', [externalIds]))?.n);
  const socketThroughProxy = (token: string) => {
    const socket = connectSocket(`${proxy.url}/${companyId}`, { transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    return socket;
  };
  const byId = (id: string) => nodes.find((n) => n.id === id)!;

  beforeAll(async () => {
    database = await clusterDatabase();
    // All start at once, as a cluster does (the first-start seed serializes itself).
    nodes = await Promise.all(
      ['node-a', 'node-b', 'node-c'].map((id) =>
        startNode({
          id,
          databaseUrl: database.url,
          workDir,
          adapter,
          env: { METRICS_TOKEN, TRUST_PROXY: '1', META_APP_SECRET: TEST_APP_SECRET },
        }),
      ),
    );
    proxy = await startProxy(
      nodes.map((n) => `127.0.0.1:${n.port}`),
      workDir,
    );
    const session = await login(proxy.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(session.status).toBe(200);
    adminToken = session.body.token;
    companyId = session.body.user.companyId;
    const created = await call(proxy.url, 'POST', '/whatsapp', adminToken, { name: 'Simulador nós', provider: 'simulator' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    simulator = { id: created.body.id, token: created.body.token };
    // A WhatsApp Cloud API connection, as the connection dialog stores it (no session: any node takes its webhooks).
    await database.pool.query(
      `insert into connections (company_id, name, channel, provider, status, token, facebook_page_user_id, token_meta)
       values ($1, 'Cloud API nós', 'whatsappapi', 'whatsappapi', 'CONNECTED', md5(random()::text), $2, 'EAAnodes')`,
      [companyId, CLOUD_NUMBER_ID],
    );
  }, 240_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await proxy?.stop();
    await Promise.all(nodes.map(killNode));
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  test('requests are spread over the nodes round robin, each answered with its request id', async () => {
    const seen = new Set<string>();
    const ids = new Set<string>();
    for (let i = 0; i < 9; i++) {
      const res = await call(proxy.url, 'GET', '/auth/me', adminToken);
      expect(res.status).toBe(200);
      ids.add(String(res.headers.get('x-request-id')));
    }
    // The node that served a request is in its metrics: every node counted some /auth/me.
    for (const node of nodes) {
      const metrics = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      if ((await metrics.text()).includes('route="/auth/me"')) seen.add(node.id);
    }
    expect(seen.size).toBe(3);
    // nginx's $request_id (32 hex digits) is what the node used and answered.
    expect([...ids].every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(ids.size).toBe(9);
  });

  test("an agent's socket through the proxy hears, in real time, messages that arrived on every node", async () => {
    const socket = socketThroughProxy(adminToken);
    const heard: string[] = [];
    socket.on(`company-${companyId}-appMessage`, (event: { message?: { body?: string } }) => {
      if (event.message?.body) heard.push(event.message.body);
    });
    await until('the socket connects through nginx', () => socket.connected);
    const customer = `5511${Date.now().toString().slice(-9)}`;
    // Straight to each node, past the proxy: whichever node holds the socket, two of the three messages cross nodes.
    for (const node of nodes) expect((await inbound(node.url, customer, `via ${node.id}`)).status).toBe(200);
    await until('the socket heard the message of every node', () => nodes.every((n) => heard.includes(`via ${n.id}`)));
  });

  test('logging in on one node and refreshing on another works; the rotated cookie works on a third', async () => {
    const [a, b, c] = nodes;
    const email = `agente-${Date.now()}@nodes.test`;
    expect((await call(a.url, 'POST', '/users', adminToken, { name: 'Agente', email, password: 'Senha123', profile: 'user' })).status).toBe(
      200,
    );
    const loggedIn = await fetch(`${a.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Senha123' }),
    });
    expect(loggedIn.status).toBe(200);
    const cookieOf = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('jrt='))!
        .split(';')[0];
    const refreshed = await fetch(`${b.url}/auth/refresh_token`, { method: 'POST', headers: { cookie: cookieOf(loggedIn) } });
    expect(refreshed.status).toBe(200);
    const { token } = (await refreshed.json()) as { token: string };
    expect((await call(c.url, 'GET', '/auth/me', token)).body.email).toBe(email);
    const again = await fetch(`${c.url}/auth/refresh_token`, { method: 'POST', headers: { cookie: cookieOf(refreshed) } });
    expect(again.status).toBe(200);
  });

  test('one live session per user across nodes: a login on node B ends the session held on node A, its socket included', async () => {
    const [a, b, c] = nodes;
    const email = `unica-${Date.now()}@nodes.test`;
    await call(a.url, 'POST', '/users', adminToken, { name: 'Única', email, password: 'Senha123', profile: 'user' });
    const first = await login(a.url, email, 'Senha123');
    expect(first.status).toBe(200);
    const socket = socketThroughProxy(first.body.token);
    await until('the first session socket connects', () => socket.connected);
    let disconnected = false;
    socket.on('disconnect', () => {
      disconnected = true;
    });

    const second = await login(b.url, email, 'Senha123');
    expect(second.status).toBe(200);
    for (const node of nodes) {
      const refused = await call(node.url, 'GET', '/auth/me', first.body.token);
      expect([node.id, refused.status, refused.body]).toEqual([node.id, 401, { error: 'ERR_SESSION_EXPIRED' }]);
    }
    expect((await call(c.url, 'GET', '/auth/me', second.body.token)).status).toBe(200);
    // Whichever node holds the old session's socket, it is put out (the adapter carries the disconnect).
    await until('the superseded session socket is disconnected', () => disconnected);
  });

  test('a job sent on one node runs once across all three: a scheduled message is sent exactly once', async () => {
    const customer = `5511${Date.now().toString().slice(-9)}`;
    const first = await inbound(nodes[0].url, customer, 'Quero um lembrete');
    expect(first.status).toBe(200);
    const contact = await database.one<{ contact_id: number }>('select contact_id from tickets where id = $1', [first.body.ticketId]);
    const bodies = Array.from({ length: 6 }, (_, i) => `Lembrete ${i + 1} ${Date.now()}`);
    // Sent through the proxy: the schedules land on different nodes; every node works the queue.
    for (const body of bodies) {
      const sendAt = new Date(Date.now() + 2000).toISOString();
      const res = await call(proxy.url, 'POST', '/schedules', adminToken, {
        body,
        contactId: contact!.contact_id,
        sendAt,
        whatsappId: simulator.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const copies = async () =>
      (
        await database.pool.query<{ body: string; n: string }>(
          'select body, count(*) as n from messages where body = any($1) group by body',
          [bodies],
        )
      ).rows;
    const unfinished = async () =>
      (await database.pool.query("select id from pgboss.job where name = 'schedule.dispatch' and state <> 'completed'")).rowCount;
    await until(
      'every schedule was sent and its job completed',
      async () => (await copies()).length === bodies.length && (await unfinished()) === 0,
      60_000,
    );
    expect((await copies()).map((r) => r.n)).toEqual(bodies.map(() => '1'));
  }, 90_000);

  test('a cron schedule fires once per occurrence, not once per node', async () => {
    const startedAt = await database.one<{ t: Date }>('select now() as t');
    // The minute sweeps run every minute from cron only: one job per minute, whatever the node count.
    const perMinute = async () =>
      (
        await database.pool.query<{ minute: Date; n: string }>(
          `select date_trunc('minute', created_on) as minute, count(*) as n from pgboss.job
            where name = 'sweeps.every-minute' group by 1 order by 1`,
        )
      ).rows;
    await until(
      'a cron occurrence after all three nodes were up',
      async () => (await perMinute()).some((r) => r.minute >= new Date(startedAt!.t.getTime() - 60_000)),
      150_000,
    );
    const rows = await perMinute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.n)).toEqual(rows.map(() => '1'));
  }, 160_000);

  test('SIGTERM: the node finishes its requests, hands its WhatsApp Web session over at once, and exits 0 within 30 s', async () => {
    const leaving = byId('node-c');
    const { rows } = await database.pool.query<{ id: number }>(
      `insert into connections (company_id, name, provider, token) values ($1, 'WA nós', 'beta', md5(random()::text)) returning id`,
      [companyId],
    );
    const connectionId = rows[0].id;
    // Asked on node C, the session starts there (the lease lands where it is asked); the fake phone pairs at once.
    expect((await call(leaving.url, 'POST', `/whatsappsession/${connectionId}`, adminToken)).status).toBe(200);
    await until('node C holds the session, CONNECTED', async () => {
      const row = await database.one<{ status: string; owner: string | null }>(
        'select c.status, l.owner from connections c left join channel_leases l on l.connection_id = c.id where c.id = $1',
        [connectionId],
      );
      return row?.status === 'CONNECTED' && row.owner === leaving.id;
    });

    // A burst of customer messages straight to node C; SIGTERM once some were answered.
    const customer = `5511${Date.now().toString().slice(-9)}`;
    const ids = Array.from({ length: 40 }, (_, i) => `term-${Date.now()}-${i}`);
    let answered = 0;
    const results = ids.map((id) =>
      inbound(leaving.url, customer, id, id).then(
        (r) => {
          answered++;
          return r.status;
        },
        () => 0, // refused: the listener was already closed
      ),
    );
    await until('the first answers', () => answered >= 5);
    const signalled = Date.now();
    leaving.child.kill('SIGTERM');
    const withoutRequests = () =>
      leaving
        .log()
        .split('\n')
        .filter((line) => !line.includes('"incoming request"') && !line.includes('"request completed"'))
        .join('\n');
    expect(await leaving.exited, withoutRequests()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(30_000);
    expect(leaving.log()).not.toContain('stop took too long');

    const statuses = await Promise.all(results);
    const ok = ids.filter((_, i) => statuses[i] === 200);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s === 200 || s === 503 || s === 0)).toBe(true);
    expect(await storedCount(ok)).toBe(ok.length);

    // The lease was given back, so another node took the session on its next sweep, not after the lease ran out;
    // and the session connects again there.
    await until(
      'another node holds the session',
      async () => {
        const lease = await database.one<{ owner: string }>('select owner from channel_leases where connection_id = $1', [connectionId]);
        return lease && lease.owner !== leaving.id;
      },
      6_000,
    );
    // The new owner reports OPENING while its socket connects, then CONNECTED.
    await until(
      'the session is connected on its new node',
      async () =>
        (await database.one<{ status: string }>('select status from connections where id = $1', [connectionId]))?.status === 'CONNECTED',
      6_000,
    );
    nodes = nodes.filter((n) => n !== leaving);
  }, 60_000);

  test('SIGKILL mid-burst of simulator and Cloud API messages through the proxy: none answered 2xx is lost, none stored twice', async () => {
    const victim = byId('node-b');
    const customer = `5511${Date.now().toString().slice(-9)}`;
    // Even ones through the simulator, odd ones as Cloud API webhooks (their id is Meta's wamid).
    const ids = Array.from({ length: 120 }, (_, i) => (i % 2 ? `wamid.kill${Date.now()}${i}` : `kill-${Date.now()}-${i}`));
    const send = (id: string) =>
      id.startsWith('wamid.') ? cloudInbound(proxy.url, customer, `rajada ${id}`, id) : inbound(proxy.url, customer, `rajada ${id}`, id);
    const status = new Map<string, number>();
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const res = await send(id).catch(() => ({ status: 0 }));
        status.set(id, res.status);
        if (!killed && status.size >= 40) {
          killed = true;
          await killNode(victim);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(killed).toBe(true);
    const ok = ids.filter((id) => status.get(id) === 200);
    expect(await storedCount(ok)).toBe(ok.length);

    // The customer's phone sends again what was not answered 2xx (as providers do): once each, in the end.
    for (const id of ids.filter((id) => status.get(id) !== 200)) {
      await until(`${id} is accepted on a retry`, async () => (await send(id)).status === 200);
    }
    expect(await storedCount(ids)).toBe(ids.length);
    nodes = nodes.filter((n) => n !== victim);
  }, 90_000);
});
