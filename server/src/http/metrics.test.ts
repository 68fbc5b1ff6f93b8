import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { tickets } from '../db/schema';
import { useTestApp } from '../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';

const TOKEN = 'metrics-token-for-tests';

/** One sample's value in Prometheus's text format (the first line of that name whose labels include all of `labels`). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return null;
}

describe('with METRICS_TOKEN', () => {
  const t = useTestApp({ metricsToken: TOKEN });
  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  test('without the token, with another one, or with a user session it is 401 and says nothing', async () => {
    const admin = await t.as(await t.factory.admin());
    for (const answer of [await scrape(), await scrape('Bearer wrong'), await scrape(`Bearer ${admin.token}`), await scrape(TOKEN)]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: 'ERR_INVALID_TOKEN' });
    }
  });

  test('latency by route pattern, inbound and outbound counts, sockets; never a raw URL', async () => {
    const admin = await t.factory.admin();
    const connection = await simulatorConnection(t, admin);
    // After the connection's own login (one live session per user).
    const agent = await t.as(admin);
    const number = customerNumber();
    const first = await customerOf(t, connection).send({ from: number, body: 'Olá' });
    expect(first.statusCode, first.body).toBe(200);
    await customerOf(t, connection).send({ from: number, body: 'Olá', id: first.json().id }); // a duplicate: not counted
    const ticketId = first.json().ticketId;
    // The admin takes the ticket, as accepting it does, so the reply is theirs to send.
    await t.database.db.update(tickets).set({ status: 'open', userId: admin.id }).where(eq(tickets.id, ticketId));
    expect((await agent.post(`/messages/${ticketId}`, { body: 'Bom dia!' })).statusCode).toBe(200);
    await t.jobs.drain();
    expect((await agent.get(`/tickets/${ticketId}`)).statusCode).toBe(200);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(sample(text, 'chatflow_inbound_messages_total', { channel: 'simulator' })).toBe(1);
    expect(sample(text, 'chatflow_outbound_messages_total', { channel: 'simulator' })).toBe(1);
    expect(sample(text, 'chatflow_http_request_duration_seconds_count', { method: 'GET', route: '/tickets/:id', status_code: '200' })).toBe(
      1,
    );
    expect(text).not.toContain(`route="/tickets/${ticketId}"`);
    expect(sample(text, 'chatflow_socket_connections')).toBe(0);
    expect(sample(text, 'chatflow_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('without METRICS_TOKEN', () => {
  const t = useTestApp();

  test('metrics are off: 404 whatever the request carries', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
    }
  });
});
