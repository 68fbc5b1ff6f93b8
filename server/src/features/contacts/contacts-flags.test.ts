import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { makeContact } from '../../test/contacts';

const t = useTestApp();
const stored = async (id: number) => (await t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0];

describe('PUT /contacts/block/:id', () => {
  test('active false blocks, true unblocks; answers the contact and announces it', async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId);
    const api = await t.as(agent);
    const blocked = await api.put(`/contacts/block/${contact.id}`, { active: false });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: contact.id, active: false });
    expect((await stored(contact.id)).active).toBe(false);
    expect(t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`)?.payload).toMatchObject({
      action: 'update',
      contact: { id: contact.id, active: false },
    });
    expect((await api.put(`/contacts/block/${contact.id}`, { active: true })).json().active).toBe(true);
    expect((await stored(contact.id)).active).toBe(true);
  });

  test('active must be a boolean', async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId);
    const res = await (await t.as(agent)).put(`/contacts/block/${contact.id}`, { active: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'active' });
    expect((await (await t.as(agent)).put(`/contacts/block/${contact.id}`, {})).json().fields[0]).toEqual({
      field: 'active',
      key: 'validation.required',
      message: 'Obrigatório',
    });
  });
});

describe('toggles', () => {
  test('toggleAcceptAudio flips acceptAudioMessage and answers only that flag', async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId);
    const api = await t.as(agent);
    const off = await api.put(`/contacts/toggleAcceptAudio/${contact.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ acceptAudioMessage: false });
    expect((await stored(contact.id)).acceptAudioMessage).toBe(false);
    expect((await api.put(`/contacts/toggleAcceptAudio/${contact.id}`)).json()).toEqual({ acceptAudioMessage: true });
  });

  test('toggleDisableBot flips disableBot; concurrent flips are never lost', async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId);
    const api = await t.as(agent);
    expect((await api.put(`/contacts/toggleDisableBot/${contact.id}`)).json()).toEqual({ disableBot: true });
    const flips = await Promise.all([1, 2, 3].map(() => api.put(`/contacts/toggleDisableBot/${contact.id}`)));
    // Each flip saw the one before it: true→false→true→false, in whatever order the answers come back
    // (a lost update would answer false twice from one true; a failed flip is no flip).
    expect(flips.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(flips.map((r) => r.json().disableBot).sort()).toEqual([false, false, true]);
    expect((await stored(contact.id)).disableBot).toBe(false); // four flips in all
    expect(t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`)?.payload).toMatchObject({ action: 'update' });
  });
});

describe('GET /contacts/profile/:number', () => {
  test("the company's contact with that number: contactId and urlPicture; unknown numbers 404", async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId, { number: '5511944443333', urlPicture: '/public/pic.jpg' });
    const api = await t.as(agent);
    const res = await api.get('/contacts/profile/+55%2011%2094444-3333');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contactId: contact.id, urlPicture: '/public/pic.jpg' });
    const missing = await api.get('/contacts/profile/5511900000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).get('/contacts/profile/5511944443333')).statusCode).toBe(404);
  });
});
