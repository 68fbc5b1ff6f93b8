import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { MARCH, marchCompany } from './testing';

const t = useTestApp();

describe('GET /dashboard counters', () => {
  test('every counter matches the March fixture worked out by hand', async () => {
    const c = await marchCompany(t);
    const res = await (await t.as(c.admin)).get('/dashboard', MARCH);
    expect(res.statusCode).toBe(200);
    // In March (São Paulo): T1, T2, T3, T4, T5, T6, T9; T7 is February there, the other company's ticket is not ours.
    const tickets = 7;
    // Attendances an agent took: waits 10, 20, 30, 0; finished ones: service 60, 20, 40.
    const avgWaitTime = (10 + 20 + 30 + 0) / 4;
    const avgSupportTime = (60 + 20 + 40) / 3;
    // Ratings of March tickets: 9 (T1), 10 (T2), 6 and 8 (T4): 2 promoters, 1 passive, 1 detractor of 4.
    const promoters = (2 / 4) * 100;
    const passives = (1 / 4) * 100;
    const detractors = (1 / 4) * 100;
    // Rated tickets: T1, T2, T4; closed without a rating: T3.
    const withRating = 3;
    const withoutRating = 1;
    expect(res.json().counters).toEqual({
      supportHappening: 1, // T1
      supportPending: 2, // T5, T9
      supportFinished: 3, // T2, T3, T4
      supportGroups: 1, // T6
      leads: 2, // Lead 1, Lead 2 (the group and February's are not)
      avgSupportTime,
      avgWaitTime,
      activeTickets: 1, // T1 was opened by an agent
      passiveTickets: tickets - 1,
      npsScore: promoters - detractors,
      npsPromotersPerc: promoters,
      npsDetractorsPerc: detractors,
      npsPassivePerc: passives,
      tickets,
      waitRating: 1, // T3 was asked and did not answer
      withoutRating,
      withRating,
      percRating: (withRating / (withRating + withoutRating)) * 100,
    });
  });

  test('the attendants: tickets, times and ratings per agent, online state', async () => {
    const c = await marchCompany(t);
    const res = await (await t.as(c.admin)).get('/dashboard', MARCH);
    const rows = res.json().attendants as { id: number }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(c.agent.id)).toEqual({
      id: c.agent.id,
      name: 'Ana',
      rating: (9 + 10) / 2,
      countRating: 2,
      tickets: 2, // T1, T2
      avgWaitTime: (10 + 20) / 2,
      avgSupportTime: 60,
      online: true,
    });
    expect(byId.get(c.agentB.id)).toEqual({
      id: c.agentB.id,
      name: 'Bruno',
      rating: (6 + 8) / 2,
      countRating: 2,
      tickets: 2, // T3, T4
      avgWaitTime: (30 + 0) / 2,
      avgSupportTime: (20 + 40) / 2,
      online: false,
    });
    expect(byId.get(c.admin.id)).toMatchObject({ tickets: 0, rating: null, countRating: 0, avgWaitTime: 0 });
    expect(rows).toHaveLength(3); // the company's users only
  });

  test('the filter narrows the scope: queues, statuses, users, connections, tags', async () => {
    const c = await marchCompany(t);
    const api = await t.as(c.admin);
    const count = async (q: Record<string, string>) => (await api.get('/dashboard', { ...MARCH, ...q })).json().counters.tickets;
    expect(await count({ queueIds: JSON.stringify([c.queueA.id]) })).toBe(3); // T1, T2, T5
    expect(await count({ status: JSON.stringify(['closed']) })).toBe(3);
    expect(await count({ users: JSON.stringify([c.agentB.id]) })).toBe(2);
    expect(await count({ whatsapps: JSON.stringify([c.connection2.id]) })).toBe(1); // T1
    const tag = await c.f.tag(c.companyId);
    await c.f.tagTicket(c.tickets.t3.id, tag.id);
    expect(await count({ tags: JSON.stringify([tag.id]) })).toBe(1);
    const onlyB = await api.get('/dashboard', { ...MARCH, users: JSON.stringify([c.agentB.id]) });
    expect(onlyB.json().attendants.map((a: { id: number }) => a.id)).toEqual([c.agentB.id]);
    // Leads follow the connection filter only: Lead 2 came through connection 2.
    expect((await api.get('/dashboard', { ...MARCH, whatsapps: String(c.connection2.id) })).json().counters.leads).toBe(1);
  });

  test('a company without activity has zeros, not errors', async () => {
    const admin = await t.factory.admin();
    const res = await (await t.as(admin)).get('/dashboard', MARCH);
    expect(res.statusCode).toBe(200);
    expect(res.json().counters).toMatchObject({ tickets: 0, npsScore: 0, percRating: 0, avgWaitTime: 0, avgSupportTime: 0 });
  });

  test('without dates the period is the current month, and days=N the last N days', async () => {
    const c = await marchCompany(t);
    const api = await t.as(c.admin);
    const recent = await c.f.ticket(c.companyId, { status: 'pending' }); // created now
    expect((await api.get('/dashboard')).json().counters.tickets).toBe(1);
    expect((await api.get('/dashboard', { days: '1' })).json().counters.tickets).toBe(1);
    expect(recent.id).toBeGreaterThan(0);
  });
});

describe('dashboard charts', () => {
  test('tickets per agent and per day over the range; per hour on a single day', async () => {
    const c = await marchCompany(t);
    const api = await t.as(c.admin);
    const range = { initialDate: '2026-03-01', finalDate: '2026-03-31' };
    const users = (await api.get('/dashboard/ticketsUsers', range)).json();
    expect(users.data).toEqual([
      { nome: 'Ana', quantidade: 2 },
      { nome: 'Bruno', quantidade: 2 },
    ]);
    expect(users.count).toBe(4);
    const days = (await api.get('/dashboard/ticketsDay', range)).json();
    expect(days.data).toEqual(
      ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-31'].map((data) => ({
        data,
        total: 1,
      })),
    );
    expect(days.count).toBe(7);
    const hours = (await api.get('/dashboard/ticketsDay', { initialDate: '2026-03-31', finalDate: '2026-03-31' })).json();
    expect(hours).toEqual({ data: [{ horario: '23:00', total: 1 }], count: 1 });
  });
});

describe('bad dates', () => {
  test('an inverted range is 400 with the message on the end date', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const res = await api.get('/dashboard', { date_from: '2026-03-31', date_to: '2026-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({
      field: 'date_to',
      key: 'validation.dateRange',
      message: 'A data final deve ser igual ou posterior à data inicial',
    });
    const chart = await api.get('/dashboard/ticketsDay', { initialDate: '2026-03-02', finalDate: '2026-03-01' });
    expect(chart.statusCode).toBe(400);
    expect(chart.json().fields[0]).toMatchObject({ field: 'finalDate', key: 'validation.dateRange' });
    const report = await api.get('/ticketreport/reports', { dateFrom: '2026-03-02', dateTo: '2026-03-01' });
    expect(report.json().fields[0]).toMatchObject({ field: 'dateTo', key: 'validation.dateRange' });
  });

  test('a malformed or impossible date is 400 naming the format', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    for (const bad of ['01/03/2026', '2026-02-30', '2026-13-01', 'x']) {
      const res = await api.get('/dashboard', { date_from: bad, date_to: '2026-03-31' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0]).toMatchObject({
        field: 'date_from',
        key: 'validation.dateFormat',
        message: 'Data inválida: use o formato aaaa-MM-dd',
      });
    }
    expect((await api.get('/dashboard/ticketsUsers', { initialDate: '2026-03-01' })).statusCode).toBe(400);
  });
});
