import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { tags } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { makeContact, makeTag, tagContact } from '../../test/contacts';

const t = useTestApp();
const companyTags = (companyId: number) => t.database.db.select().from(tags).where(eq(tags.companyId, companyId)).orderBy(tags.name);

describe("POST /tags/sync (the contact's tag box)", () => {
  test("sets the contact's tags to exactly those sent, creating new ones by name with a random colour", async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    const contact = await makeContact(db, agent.companyId);
    const [vip, old] = [await makeTag(db, agent.companyId, { name: 'VIP' }), await makeTag(db, agent.companyId, { name: 'Antiga' })];
    await tagContact(db, contact.id, old.id);
    const api = await t.as(agent);
    const res = await api.post('/tags/sync', {
      contactId: contact.id,
      tags: [{ id: vip.id, name: 'VIP' }, { name: 'Nova tag' }, { name: 'vip' }],
    });
    expect(res.statusCode).toBe(200);
    const created = (await companyTags(agent.companyId)).find((x) => x.name === 'Nova tag');
    expect(created?.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(res.json()).toEqual({
      tags: [
        { id: created?.id, name: 'Nova tag', color: created?.color },
        { id: vip.id, name: 'VIP', color: '#123456' },
      ],
    });
    expect((await companyTags(agent.companyId)).map((x) => x.name)).toEqual(['Antiga', 'Nova tag', 'VIP']); // 'vip' reused VIP
    expect((await api.get(`/contactTags/${contact.id}`)).json().map((x: { name: string }) => x.name)).toEqual(['Nova tag', 'VIP']);
    const tagEvents = t.sent.filter((e) => e.event === `company${agent.companyId}-tag`).map((e) => e.payload);
    expect(tagEvents).toContainEqual({
      action: 'create',
      tag: { id: created?.id, name: 'Nova tag', color: created?.color, kanban: 0, contactsCount: 1 },
    });
    expect(tagEvents).toContainEqual({ action: 'update', tag: expect.objectContaining({ id: old.id, contactsCount: 0 }) });
    expect(t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`)?.payload).toMatchObject({
      action: 'update',
      contact: { id: contact.id, tags: [{ name: 'Nova tag' }, { name: 'VIP' }] },
    });
    expect((await api.post('/tags/sync', { contactId: contact.id, tags: [] })).json()).toEqual({ tags: [] });
  });

  test('a new tag under 3 characters is "Tag muito curta!"; the contact keeps its tags', async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId);
    const res = await (await t.as(agent)).post('/tags/sync', { contactId: contact.id, tags: [{ name: 'ab' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'tags.0.name', key: 'validation.tagTooShort', message: 'Tag muito curta!' }],
    });
    expect((await (await t.as(agent)).post('/tags/sync', { tags: [] })).json().fields).toEqual([
      { field: 'contactId', key: 'validation.required', message: 'Obrigatório' },
    ]);
    expect(await companyTags(agent.companyId)).toEqual([]);
  });

  test("another company's tag id is 404 and nothing is written", async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId);
    const foreign = await makeTag(t.database.db, (await t.factory.company()).id);
    const res = await (await t.as(agent)).post('/tags/sync', { contactId: contact.id, tags: [{ id: foreign.id }, { name: 'Nova' }] });
    expect(res.statusCode).toBe(404);
    expect(await companyTags(agent.companyId)).toEqual([]);
    expect((await (await t.as(agent)).get(`/contactTags/${contact.id}`)).json()).toEqual([]);
  });
});

describe('tag contacts modal', () => {
  test('GET /tags/:id/contacts lists id, name and number; DELETE /tags-contacts removes one and updates the count', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    const tag = await makeTag(db, agent.companyId);
    const ana = await makeContact(db, agent.companyId, { name: 'Ana', number: '5511999990001' });
    const bia = await makeContact(db, agent.companyId, { name: 'Bia', number: '5511999990002' });
    await tagContact(db, ana.id, tag.id);
    await tagContact(db, bia.id, tag.id);
    const api = await t.as(agent);
    expect((await api.get(`/tags/${tag.id}/contacts`)).json()).toEqual([
      { id: ana.id, name: 'Ana', number: '5511999990001' },
      { id: bia.id, name: 'Bia', number: '5511999990002' },
    ]);
    const res = await api.delete(`/tags-contacts/${tag.id}/${ana.id}`);
    expect(res.statusCode).toBe(200);
    expect((await api.get(`/tags/${tag.id}/contacts`)).json()).toEqual([{ id: bia.id, name: 'Bia', number: '5511999990002' }]);
    expect(t.sent.findLast((e) => e.event === `company${agent.companyId}-tag`)?.payload).toMatchObject({
      action: 'update',
      tag: { id: tag.id, contactsCount: 1 },
    });
    expect(t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`)?.payload).toMatchObject({
      action: 'update',
      contact: { id: ana.id, tags: [] },
    });
    // Removing a link that is not there is harmless; unknown ids are 404.
    expect((await api.delete(`/tags-contacts/${tag.id}/${ana.id}`)).statusCode).toBe(200);
    expect((await api.delete(`/tags-contacts/999999/${ana.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/tags-contacts/${tag.id}/999999`)).statusCode).toBe(404);
  });

  test('GET /contactTags/:contactId of an unknown contact is 404', async () => {
    expect((await (await t.as(await t.factory.user())).get('/contactTags/999999')).json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
  });
});
