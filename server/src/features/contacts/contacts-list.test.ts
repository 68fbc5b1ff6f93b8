import { SEARCH_COUNT_CAP } from '@chatflow/contract';
import { describe, expect, test } from 'vitest';
import { contacts } from '../../db/schema';
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

  test('searchParam ignores accents and case both ways, in names, e-mails and numbers', async () => {
    const agent = await t.factory.user();
    const db = t.database.db;
    await makeContact(db, agent.companyId, { name: 'João Conceição', number: '5511911110001' });
    await makeContact(db, agent.companyId, { name: 'JOAO PEREIRA', number: '5511911110002', email: 'joão.atendimento@padaria.com' });
    await makeContact(db, agent.companyId, { name: 'Zélia', number: '5511911110003', email: 'ze@ÉCOLE.fr' });
    const api = await t.as(agent);
    // (Sorted here: the order of upper and lower case by name depends on the database's collation.)
    expect(names(await api.get('/contacts', { searchParam: 'joao' })).sort()).toEqual(['JOAO PEREIRA', 'João Conceição']);
    expect(names(await api.get('/contacts', { searchParam: 'JOÃO' })).sort()).toEqual(['JOAO PEREIRA', 'João Conceição']);
    expect(names(await api.get('/contacts', { searchParam: 'conceicao' }))).toEqual(['João Conceição']);
    expect(names(await api.get('/contacts', { searchParam: 'Joao.Atendimento@' }))).toEqual(['JOAO PEREIRA']);
    expect(names(await api.get('/contacts', { searchParam: 'ecole' }))).toEqual(['Zélia']);
    expect(names(await api.get('/contacts', { searchParam: 'zelia' }))).toEqual(['Zélia']);
    expect(names(await api.get('/contacts', { searchParam: '+55 11 91111-0003' }))).toEqual(['Zélia']);
  });

  test(`a search counts up to ${SEARCH_COUNT_CAP} and keeps paging past it; another company's matches are never counted`, async () => {
    const agent = await t.factory.user();
    const other = await t.factory.user();
    const db = t.database.db;
    const row = (companyId: number, i: number) => ({
      companyId,
      name: `Silva ${String(i).padStart(3, '0')}`,
      number: `55119${companyId}${i}`,
    });
    await db.insert(contacts).values(Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i) => row(agent.companyId, i)));
    await db.insert(contacts).values(Array.from({ length: 30 }, (_, i) => row(other.companyId, i)));
    await makeContact(db, other.companyId, { name: 'Só três Sílvas aqui' });
    const api = await t.as(agent);
    const first = await api.get('/contacts', { searchParam: 'silva' });
    expect(first.json()).toMatchObject({ count: SEARCH_COUNT_CAP, hasMore: true });
    const sixth = await api.get('/contacts', { searchParam: 'silva', pageNumber: '6' });
    expect(names(sixth)).toEqual(['Silva 100', 'Silva 101', 'Silva 102', 'Silva 103', 'Silva 104']);
    expect(sixth.json()).toMatchObject({ count: SEARCH_COUNT_CAP, hasMore: false });
    const theirs = await (await t.as(other)).get('/contacts', { searchParam: 'SÍLVA' });
    expect(theirs.json()).toMatchObject({ count: 31, hasMore: true });
    expect(names(theirs)).not.toContain('Silva 104');
    // Without a term the list still counts every contact of the company.
    expect((await api.get('/contacts')).json().count).toBe(SEARCH_COUNT_CAP + 5);
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
