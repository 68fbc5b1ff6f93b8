import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts, ticketLogs, ticketTrackings } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { marchCompany, sp } from './testing';

const t = useTestApp();
const MARCH = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };

describe('GET /ticketreport/reports', () => {
  test('rows carry the spec columns, newest first, with the total', async () => {
    const c = await marchCompany(t);
    const res = await (await t.as(c.admin)).get('/ticketreport/reports', { ...MARCH, pageSize: '5' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalTickets.total).toBe(7);
    // The screen shows times in the company's zone, like the Excel export.
    expect(body.timeZone).toBe('America/Sao_Paulo');
    expect(body.tickets.map((r: { id: number }) => r.id)).toEqual(
      [c.tickets.t9, c.tickets.t6, c.tickets.t5, c.tickets.t4, c.tickets.t3].map((x) => x.id),
    );
    const t4 = body.tickets[3];
    expect(t4).toEqual({
      id: c.tickets.t4.id,
      uuid: c.tickets.t4.uuid,
      whatsappName: c.connection.name,
      contactName: expect.any(String),
      userName: 'Bruno',
      queueName: c.queueB.name,
      status: 'closed',
      lastMessage: '',
      createdAt: sp('2026-03-08T08:00:00').toISOString(),
      closedAt: sp('2026-03-08T08:40:00').toISOString(),
      supportTime: 40,
      NPS: 8, // the newer of its two ratings
    });
    const page2 = (await (await t.as(c.admin)).get('/ticketreport/reports', { ...MARCH, pageSize: '5', page: '2' })).json();
    expect(page2.tickets.map((r: { id: number }) => r.id)).toEqual([c.tickets.t2.id, c.tickets.t1.id]);
  });

  test('filters: users, queues, status, connection, contact, search, only rated', async () => {
    const c = await marchCompany(t);
    const api = await t.as(c.admin);
    const ids = async (q: Record<string, string>) =>
      ((await api.get('/ticketreport/reports', { ...MARCH, pageSize: '50', ...q })).json().tickets as { id: number }[])
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const { t1, t2, t3, t4, t5 } = c.tickets;
    expect(await ids({ users: JSON.stringify([c.agent.id]) })).toEqual([t1.id, t2.id]);
    expect(await ids({ queueIds: JSON.stringify([c.queueA.id]) })).toEqual([t1.id, t2.id, t5.id]);
    expect(await ids({ status: JSON.stringify(['closed']) })).toEqual([t2.id, t3.id, t4.id]);
    expect(await ids({ whatsappId: JSON.stringify([c.connection2.id]) })).toEqual([t1.id]);
    expect(await ids({ contactId: String(t3.contactId) })).toEqual([t3.id]);
    expect(await ids({ onlyRated: 'true' })).toEqual([t1.id, t2.id, t4.id]);
    await t.database.db.update(contacts).set({ name: 'Zé Procurado' }).where(eq(contacts.id, t5.contactId));
    expect(await ids({ searchParam: 'procurado' })).toEqual([t5.id]);
    expect(await ids({ dateFrom: '2026-02-01', dateTo: '2026-02-28' })).toEqual([c.tickets.t7.id]);
  });

  test('page sizes are 5, 10, 20 or 50', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    expect((await api.get('/ticketreport/reports', { pageSize: '10' })).statusCode).toBe(200);
    const bad = await api.get('/ticketreport/reports', { pageSize: '1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'pageSize' });
  });

  test('the export streams relatorio-de-atendimentos.xlsx with every row of the filter', async () => {
    const c = await marchCompany(t);
    const res = await (await t.as(c.admin)).get('/ticketreport/export', MARCH);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-de-atendimentos.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(1 + 7);
    expect(sheet.getRow(1).getCell(1).value).toBe('Id');
    const t4Row = sheet.getRows(2, 7)?.find((r) => r.getCell(1).value === c.tickets.t4.id);
    expect(t4Row?.getCell(8).value).toBe('08/03/2026 08:00');
    expect(t4Row?.getCell(10).value).toBe('00 h 40 m');
  });

  test('the ticket log of any ticket of the company; another company gets 404', async () => {
    const c = await marchCompany(t);
    await t.database.db
      .insert(ticketLogs)
      .values({ companyId: c.companyId, ticketId: c.tickets.t3.id, userId: c.agentB.id, type: 'closed' });
    // A manager by showDashboard, outside queue B, still reads the log of a queue-B ticket from the report.
    const manager = await c.member([c.queueA.id], { showDashboard: 'enabled' });
    const res = await (await t.as(manager)).get(`/ticketreport/logs/${c.tickets.t3.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((l: { type: string }) => l.type)).toEqual(['closed']);
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).get(`/ticketreport/logs/${c.tickets.t3.id}`)).statusCode).toBe(404);
  });
});

describe('GET /dashboard/moments', () => {
  test("the panel lists the company's open and pending tickets of the window, not groups nor closed ones", async () => {
    const c = await marchCompany(t);
    const open = await c.f.ticket(c.companyId, { status: 'open', userId: c.agent.id, queueId: c.queueA.id, lastMessage: 'Olá' });
    const waiting = await c.f.ticket(c.companyId, { status: 'pending', queueId: c.queueB.id });
    await c.f.ticket(c.companyId, { status: 'closed', userId: c.agent.id });
    await c.f.ticket(c.companyId, { status: 'group', isGroup: true });
    const res = await (await t.as(c.admin)).get('/dashboard/moments');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; user: { name: string } | null; lastMessage: string }[];
    // March's tickets are outside the 30-day window.
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([open.id, waiting.id]);
    expect(rows.find((r) => r.id === open.id)).toMatchObject({
      user: { id: c.agent.id, name: 'Ana' },
      lastMessage: 'Olá',
      queue: { id: c.queueA.id },
    });
    // A waiting ticket says since when it waits: its current attendance's queuedAt (back in the queue
    // after an agent), else its creation; a ticket being served waits for nothing.
    expect(rows.find((r) => r.id === open.id)).toMatchObject({ waitingSince: null });
    expect(rows.find((r) => r.id === waiting.id)).toMatchObject({ waitingSince: waiting.createdAt.toISOString() });
    const requeued = new Date(Date.now() - 12 * 60_000);
    await t.database.db
      .insert(ticketTrackings)
      .values({ companyId: c.companyId, ticketId: waiting.id, queueId: c.queueB.id, queuedAt: requeued });
    const again = (await (await t.as(c.admin)).get('/dashboard/moments')).json() as { id: number; waitingSince: string }[];
    expect(again.find((r) => r.id === waiting.id)?.waitingSince).toBe(requeued.toISOString());
    const march = await (await t.as(c.admin)).get('/dashboard/moments', { dateStart: '2026-03-01', dateEnd: '2026-03-31' });
    expect((march.json() as { id: number }[]).map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [c.tickets.t1, c.tickets.t5, c.tickets.t9].map((x) => x.id).sort((a, b) => a - b),
    );
  });
});
