import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { MARCH, marchCompany } from './testing';

const t = useTestApp();

const MANAGER_ROUTES = (ticketId: number) =>
  [
    ['/dashboard', MARCH],
    ['/dashboard/attendants/export', MARCH],
    ['/dashboard/ticketsUsers', { initialDate: '2026-03-01', finalDate: '2026-03-31' }],
    ['/dashboard/ticketsDay', { initialDate: '2026-03-01', finalDate: '2026-03-31' }],
    ['/ticketreport/reports', {}],
    ['/ticketreport/export', {}],
    [`/ticketreport/logs/${ticketId}`, {}],
  ] as const;

describe('who may read the dashboard, the report and the panel', () => {
  test('a profile user without showDashboard gets 403 on every dashboard and report route; with it, 200', async () => {
    const c = await marchCompany(t);
    const plain = await t.as(c.agent);
    const manager = await t.as(await c.member([], { showDashboard: 'enabled' }));
    for (const [url, q] of MANAGER_ROUTES(c.tickets.t1.id)) {
      const refused = await plain.get(url, q);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toBe('ERR_NO_PERMISSION');
      expect((await manager.get(url, q)).statusCode, url).toBe(200);
    }
  });

  test('the panel needs admin or allowRealTime', async () => {
    const c = await marchCompany(t);
    expect((await (await t.as(c.agent)).get('/dashboard/moments')).statusCode).toBe(403);
    expect((await (await t.as(await c.member([], { showDashboard: 'enabled' }))).get('/dashboard/moments')).statusCode).toBe(403);
    expect((await (await t.as(await c.member([], { allowRealTime: 'enabled' }))).get('/dashboard/moments')).statusCode).toBe(200);
    expect((await (await t.as(c.admin)).get('/dashboard/moments')).statusCode).toBe(200);
  });

  test("another company's admin sees none of this company's tickets, users or logs", async () => {
    const c = await marchCompany(t);
    const open = await c.f.ticket(c.companyId, { status: 'open', userId: c.agent.id });
    const stranger = await t.as(await t.factory.admin());
    const dash = (await stranger.get('/dashboard', MARCH)).json();
    expect(dash.counters.tickets).toBe(0);
    expect(dash.attendants.map((a: { id: number }) => a.id)).not.toContain(c.agent.id);
    // Naming this company's users, queues or connections in the filter finds nothing either.
    const named = await stranger.get('/dashboard', { ...MARCH, users: JSON.stringify([c.agent.id]), queueIds: String(c.queueA.id) });
    expect(named.json().counters.tickets).toBe(0);
    expect(named.json().attendants).toEqual([]);
    expect((await stranger.get('/dashboard/ticketsUsers', { initialDate: '2026-03-01', finalDate: '2026-03-31' })).json().count).toBe(0);
    expect((await stranger.get('/ticketreport/reports', { contactId: String(c.tickets.t1.contactId) })).json().totalTickets.total).toBe(0);
    expect((await stranger.get('/dashboard/moments')).json().map((x: { id: number }) => x.id)).not.toContain(open.id);
    expect((await stranger.get(`/ticketreport/logs/${c.tickets.t1.id}`)).statusCode).toBe(404);
  });

  test('without a session every route is 401', async () => {
    for (const [url, q] of MANAGER_ROUTES(1)) expect((await t.anon.get(url, q)).statusCode).toBe(401);
    expect((await t.anon.get('/dashboard/moments')).statusCode).toBe(401);
  });
});
