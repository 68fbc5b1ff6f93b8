import { describe, expect, test } from 'vitest';
import { makeContact } from '../../test/contacts';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

describe("a contact's wallet", () => {
  test('an admin sets its agents in order (repeats dropped, empty clears); every user of the company reads it', async () => {
    const admin = await t.factory.admin();
    const ana = await t.factory.user({ companyId: admin.companyId, name: 'Ana' });
    const bia = await t.factory.user({ companyId: admin.companyId, name: 'Bia' });
    const contact = await makeContact(t.database.db, admin.companyId, { name: 'Cliente', number: '5511999991001' });
    const api = await t.as(admin);
    expect((await api.get(`/contacts/${contact.id}/wallets`)).json()).toEqual({ wallets: [] });
    const set = await api.put(`/contacts/${contact.id}/wallets`, { userIds: [bia.id, ana.id, bia.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      wallets: [
        { id: bia.id, name: 'Bia' },
        { id: ana.id, name: 'Ana' },
      ],
    });
    expect((await (await t.as(ana)).get(`/contacts/${contact.id}/wallets`)).json().wallets).toHaveLength(2);
    expect((await api.put(`/contacts/${contact.id}/wallets`, { userIds: [] })).json()).toEqual({ wallets: [] });
  });

  test('a user profile may not set it (403); another company gets 404 and its users are unknown', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const contact = await makeContact(t.database.db, admin.companyId, { name: 'Cliente', number: '5511999991002' });
    expect((await (await t.as(agent)).put(`/contacts/${contact.id}/wallets`, { userIds: [agent.id] })).statusCode).toBe(403);

    const strangerAdmin = await t.factory.admin();
    const stranger = await t.as(strangerAdmin);
    expect((await stranger.get(`/contacts/${contact.id}/wallets`)).statusCode).toBe(404);
    expect((await stranger.put(`/contacts/${contact.id}/wallets`, { userIds: [] })).statusCode).toBe(404);
    const foreign = await (await t.as(admin)).put(`/contacts/${contact.id}/wallets`, { userIds: [strangerAdmin.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await (await t.as(admin)).get(`/contacts/${contact.id}/wallets`)).json()).toEqual({ wallets: [] });
  });

  test('validation: userIds is a list of ids', async () => {
    const admin = await t.factory.admin();
    const contact = await makeContact(t.database.db, admin.companyId, { name: 'Cliente', number: '5511999991003' });
    const api = await t.as(admin);
    for (const body of [{}, { userIds: 'x' }, { userIds: [0] }, { userIds: [1.5] }]) {
      const res = await api.put(`/contacts/${contact.id}/wallets`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
    }
    const tooMany = await api.put(`/contacts/${contact.id}/wallets`, { userIds: Array.from({ length: 51 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(400);
  });
});
