import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { makeContact, makeTag, tagContact } from '../../test/contacts';

const t = useTestApp();
type Listed = { id: number; name: string; number: string };
const names = (res: { json(): { contacts: Listed[] } }) => res.json().contacts.map((c) => c.name);

describe('GET /contacts', () => {
  test("pages of 20 by name with count and hasMore; never another company's contacts", async () => {
    const agent = await t.factory.user();
    for (let i = 0; i < 23; i++) await makeContact(t.database.db, agent.companyId, { name: `Pessoa ${String(i).padStart(2, '0')}` });
    const other = await t.factory.user();
    await makeContact(t.database.db, other.companyId, { name: 'Pessoa de fora' });
    const api = await t.as(agent);
    const first = await api.get('/contacts');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: 23, hasMore: true });
    expect(names(first)).toHaveLength(20);
    expect(names(first)[0]).toBe('Pessoa 00');
    const second = await api.get('/contacts/', { pageNumber: '2' });
    expect(second.json()).toMatchObject({ count: 23, hasMore: false });
    expect(names(second)).toEqual(['Pessoa 20', 'Pessoa 21', 'Pessoa 22']);
    expect([...names(first), ...names(second)]).not.toContain('Pessoa de fora');
  });

  test('searchParam matches name, e-mail or number (punctuation ignored), without regard to case', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    await makeContact(db, agent.companyId, { name: 'Beatriz Rocha', number: '5581988880001' });
    await makeContact(db, agent.companyId, { name: 'Outro', email: 'financeiro@acme.com', number: '5581988880002' });
    await makeContact(db, agent.companyId, { name: 'Terceiro', number: '5521977770003' });
    await makeContact(db, agent.companyId, { name: 'Cem por cento', number: '5521977770004' });
    const api = await t.as(agent);
    expect(names(await api.get('/contacts', { searchParam: 'beaTRIZ' }))).toEqual(['Beatriz Rocha']);
    expect(names(await api.get('/contacts', { searchParam: 'acme' }))).toEqual(['Outro']);
    expect(names(await api.get('/contacts', { searchParam: '(21) 97777' }))).toEqual(['Cem por cento', 'Terceiro']);
    expect(names(await api.get('/contacts', { searchParam: '100%' }))).toEqual([]);
  });

  test('contactTag (a JSON array, repeated or comma-separated ids) keeps contacts with any of the tags', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    const [vip, lead] = [await makeTag(db, agent.companyId), await makeTag(db, agent.companyId)];
    const a = await makeContact(db, agent.companyId, { name: 'A' });
    const b = await makeContact(db, agent.companyId, { name: 'B' });
    await makeContact(db, agent.companyId, { name: 'C' });
    await tagContact(db, a.id, vip.id);
    await tagContact(db, b.id, lead.id);
    const api = await t.as(agent);
    expect(names(await api.get('/contacts', { contactTag: JSON.stringify([vip.id]) }))).toEqual(['A']);
    expect(names(await api.get('/contacts', { contactTag: JSON.stringify([vip.id, lead.id]) }))).toEqual(['A', 'B']);
    expect(names(await api.get(`/contacts?contactTag=${vip.id}&contactTag=${lead.id}`))).toEqual(['A', 'B']);
    expect(names(await api.get('/contacts', { contactTag: `${lead.id}` }))).toEqual(['B']);
    expect(names(await api.get('/contacts', { contactTag: '[]' }))).toEqual(['A', 'B', 'C']);
    const bad = await api.get('/contacts', { contactTag: '["x"]' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('ERR_VALIDATION');
  });

  test('channel and isGroup filter the list', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    await makeContact(db, agent.companyId, { name: 'Zap' });
    await makeContact(db, agent.companyId, { name: 'Insta', channel: 'instagram' });
    await makeContact(db, agent.companyId, { name: 'Grupo', isGroup: true, number: '120363000000000001' });
    const api = await t.as(agent);
    expect(names(await api.get('/contacts', { channel: 'instagram' }))).toEqual(['Insta']);
    expect(names(await api.get('/contacts', { isGroup: 'true' }))).toEqual(['Grupo']);
    expect(names(await api.get('/contacts', { isGroup: 'false', channel: 'whatsapp' }))).toEqual(['Zap']);
    expect((await api.get('/contacts', { channel: 'telegram' })).statusCode).toBe(400);
  });
});

describe('GET /contacts/list', () => {
  test('every contact of the company as id, name and number, for pickers', async () => {
    const agent = await t.factory.user();
    const mine = await makeContact(t.database.db, agent.companyId, { name: 'Único', number: '5511955554444' });
    await makeContact(t.database.db, (await t.factory.company()).id, { name: 'Alheio' });
    const res = await (await t.as(agent)).get('/contacts/list', { companyId: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: mine.id, name: 'Único', number: '5511955554444' }]);
  });
});
