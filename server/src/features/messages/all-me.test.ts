import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { messageFactory } from './testing';

const t = useTestApp();
const mf = () => messageFactory(t.database.db);

describe('GET /messages-allMe', () => {
  test("counts the company's messages, sent or received, between two days of its time zone", async () => {
    const admin = await t.factory.admin();
    const ticket = await mf().ticket(admin.companyId);
    // 2024-05-10 01:30 UTC is still 2024-05-09 in São Paulo.
    await mf().message(ticket, { fromMe: true, createdAt: new Date('2024-05-10T01:30:00Z') });
    await mf().message(ticket, { fromMe: true, createdAt: new Date('2024-05-10T12:00:00Z') });
    await mf().message(ticket, { fromMe: false, createdAt: new Date('2024-05-10T13:00:00Z') });
    await mf().message(ticket, { fromMe: true, createdAt: new Date('2024-05-12T02:59:00Z') }); // 11th, 23:59 local
    await mf().message(ticket, { fromMe: true, createdAt: new Date('2024-05-12T03:00:00Z') }); // 12th, 00:00 local
    const other = await t.factory.admin();
    await mf().message(await mf().ticket(other.companyId), { fromMe: true, createdAt: new Date('2024-05-10T12:00:00Z') });

    const api = await t.as(admin);
    const count = async (query: Record<string, string>) => (await api.get('/messages-allMe', query)).json().count;
    expect(await count({ fromMe: 'true', dateStart: '2024-05-10', dateEnd: '2024-05-11' })).toBe(2);
    expect(await count({ fromMe: 'false', dateStart: '2024-05-10', dateEnd: '2024-05-11' })).toBe(1);
    expect(await count({ dateStart: '2024-05-09', dateEnd: '2024-05-12' })).toBe(5);
    expect(await count({})).toBe(5);
  });

  test('follows the dashboard rule and validates the days', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    expect((await (await t.as(agent)).get('/messages-allMe')).statusCode).toBe(403);
    const manager = await t.factory.user({ companyId: admin.companyId, showDashboard: 'enabled' });
    expect((await (await t.as(manager)).get('/messages-allMe')).json()).toEqual({ count: 0 });

    const bad = await (await t.as(admin)).get('/messages-allMe', { dateStart: '2024-02-31' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'dateStart', key: 'validation.invalid' });
    expect((await t.anon.get('/messages-allMe')).statusCode).toBe(401);
  });
});
