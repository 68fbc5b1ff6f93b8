import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { tags } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { makeContact, makeTag, tagContact } from '../../test/contacts';

const t = useTestApp();
const stored = async (id: number) => (await t.database.db.select().from(tags).where(eq(tags.id, id)))[0];

describe('POST /tags', () => {
  test('creates a tag with the given colour, announced on company{id}-tag (no hyphen)', async () => {
    const agent = await t.factory.user();
    const res = await (await t.as(agent)).post('/tags', { name: ' Clientes VIP ', color: '#FF0000', kanban: 0, userId: 999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Clientes VIP', color: '#FF0000', kanban: 0, contactsCount: 0 });
    expect((await stored(res.json().id)).userId).toBe(agent.id);
    const event = t.sent.findLast((e) => e.event === `company${agent.companyId}-tag`);
    expect(event?.payload).toEqual({ action: 'create', tag: res.json() });
  });

  test('without a colour the tag gets a random hex one; kanban accepts 1 and booleans', async () => {
    const api = await t.as(await t.factory.user());
    const first = (await api.post('/tags', { name: 'Sem cor' })).json();
    expect(first.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(first.kanban).toBe(0);
    expect((await api.post('/tags', { name: 'Raia', color: '', kanban: 1 })).json()).toMatchObject({
      kanban: 1,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    expect((await api.post('/tags', { name: 'Raia 2', kanban: true })).json().kanban).toBe(1);
  });

  test.each([
    ['a 2-letter name', { name: 'ab' }, 'name', 'validation.messageTooShort', 'Mensagem muito curta'],
    ['no name', {}, 'name', 'validation.required', 'Obrigatório'],
    ['a blank name', { name: '   ' }, 'name', 'validation.required', 'Obrigatório'],
    ['a bad colour', { name: 'Cor', color: 'red' }, 'color', 'validation.color', 'Cor inválida'],
    ['kanban 2', { name: 'Raia', kanban: 2 }, 'kanban', 'validation.invalid', 'Valor inválido'],
  ])('%s is refused', async (_label, body, field, key, message) => {
    const res = await (await t.as(await t.factory.user())).post('/tags', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ field, key, message }] });
  });
});

describe('GET /tags and /tags/list', () => {
  test('pages of 20 by name with contact counts, searchable, kanban filter; lists never leak', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    for (let i = 0; i < 21; i++) await makeTag(db, agent.companyId, { name: `Etiqueta ${String(i).padStart(2, '0')}` });
    const lane = await makeTag(db, agent.companyId, { name: 'Etapa: proposta', kanban: 1 });
    const first = await makeTag(db, agent.companyId, { name: 'A primeira' });
    const [c1, c2] = [await makeContact(db, agent.companyId), await makeContact(db, agent.companyId)];
    await tagContact(db, c1.id, first.id);
    await tagContact(db, c2.id, first.id);
    await makeTag(db, (await t.factory.company()).id, { name: 'Etiqueta alheia' });
    const api = await t.as(agent);
    const page = (await api.get('/tags', { kanban: '0' })).json();
    expect(page).toMatchObject({ count: 22, hasMore: true });
    expect(page.tags).toHaveLength(20);
    expect(page.tags[0]).toEqual({ id: first.id, name: 'A primeira', color: '#123456', kanban: 0, contactsCount: 2 });
    expect((await api.get('/tags/', { kanban: '0', pageNumber: '2' })).json()).toMatchObject({
      hasMore: false,
      tags: [{ name: 'Etiqueta 19' }, { name: 'Etiqueta 20' }],
    });
    expect((await api.get('/tags', { searchParam: 'etapa' })).json().tags.map((x: { id: number }) => x.id)).toEqual([lane.id]);
    expect((await api.get('/tags', { searchParam: 'alheia' })).json()).toEqual({ tags: [], count: 0, hasMore: false });
    expect((await api.get('/tags/list', { kanban: '1' })).json()).toEqual([
      { id: lane.id, name: 'Etapa: proposta', color: '#123456', kanban: 1, contactsCount: 0 },
    ]);
    const all = (await api.get('/tags/list')).json();
    expect(all).toHaveLength(23);
    expect(all.map((x: { name: string }) => x.name)).not.toContain('Etiqueta alheia');
  });

  test('GET /tags/:id answers the tag with its count; an unknown id is 404', async () => {
    const agent = await t.factory.user();
    const tag = await makeTag(t.database.db, agent.companyId, { name: 'Única' });
    const api = await t.as(agent);
    expect((await api.get(`/tags/${tag.id}`)).json()).toEqual({ id: tag.id, name: 'Única', color: '#123456', kanban: 0, contactsCount: 0 });
    expect((await api.get('/tags/999999')).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /tags/:id', () => {
  test('changes the fields sent, announces the update; delete removes it from contacts and announces', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    const tag = await makeTag(db, agent.companyId, { name: 'Antiga' });
    const contact = await makeContact(db, agent.companyId);
    await tagContact(db, contact.id, tag.id);
    const api = await t.as(agent);
    const res = await api.put(`/tags/${tag.id}`, { name: 'Nova', color: '#00ff00' });
    expect(res.json()).toEqual({ id: tag.id, name: 'Nova', color: '#00ff00', kanban: 0, contactsCount: 1 });
    expect(t.sent.findLast((e) => e.event === `company${agent.companyId}-tag`)?.payload).toMatchObject({
      action: 'update',
      tag: { name: 'Nova' },
    });
    expect((await api.put(`/tags/${tag.id}`, { name: 'no' })).json().fields).toEqual([
      { field: 'name', key: 'validation.messageTooShort', message: 'Mensagem muito curta' },
    ]);
    expect((await api.delete(`/tags/${tag.id}`)).statusCode).toBe(200);
    expect(await stored(tag.id)).toBeUndefined();
    expect((await api.get(`/contacts/${contact.id}`)).json().tags).toEqual([]);
    expect(t.sent.findLast((e) => e.event === `company${agent.companyId}-tag`)?.payload).toEqual({ action: 'delete', tagId: tag.id });
    expect((await api.delete(`/tags/${tag.id}`)).statusCode).toBe(404);
  });

  test('tags are a basic section: a profile user may manage them; no token is 401', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const tag = (await api.post('/tags', { name: 'Do atendente' })).json();
    expect((await api.put(`/tags/${tag.id}`, { kanban: 1 })).statusCode).toBe(200);
    expect((await api.delete(`/tags/${tag.id}`)).statusCode).toBe(200);
    expect((await t.anon.get('/tags')).statusCode).toBe(401);
    expect((await t.anon.post('/tags', { name: 'Anônima' })).statusCode).toBe(401);
  });

  test("another company's tag id is 404 on every route and stays as it was", async () => {
    const owner = await t.factory.user();
    const tag = await makeTag(t.database.db, owner.companyId, { name: 'Privada' });
    const stranger = await t.as(await t.factory.admin());
    for (const res of [
      await stranger.get(`/tags/${tag.id}`),
      await stranger.get(`/tags/${tag.id}/contacts`),
      await stranger.put(`/tags/${tag.id}`, { name: 'Invasora' }),
      await stranger.delete(`/tags/${tag.id}`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await stored(tag.id)).name).toBe('Privada');
  });
});
