import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contactExtraInfo, contacts } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { makeContact, makeTag, tagContact } from '../../test/contacts';

const t = useTestApp();
const stored = async (id: number) => (await t.database.db.select().from(contacts).where(eq(contacts.id, id)))[0];

describe('POST /contacts', () => {
  test('creates the contact with its number as digits, extra info, and announces it after commit', async () => {
    const agent = await t.factory.user();
    const res = await (await t.as(agent)).post('/contacts', {
      name: '  Maria Souza ',
      number: '+55 (11) 99999-0001',
      email: 'maria@example.com',
      extraInfo: [
        { name: 'CPF', value: '123' },
        { name: 'Empresa', value: 'ACME' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const contact = res.json();
    expect(contact).toMatchObject({
      name: 'Maria Souza',
      number: '5511999990001',
      email: 'maria@example.com',
      channel: 'whatsapp',
      companyId: agent.companyId,
      active: true,
      acceptAudioMessage: true,
      disableBot: false,
      isGroup: false,
      tags: [],
      whatsapp: null,
    });
    expect(contact.extraInfo.map((e: { name: string; value: string }) => [e.name, e.value])).toEqual([
      ['CPF', '123'],
      ['Empresa', 'ACME'],
    ]);
    expect((await stored(contact.id)).number).toBe('5511999990001');
    const event = t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`);
    expect(event?.payload).toMatchObject({ action: 'create', contact: { id: contact.id, number: '5511999990001' } });
  });

  test('e-mail may be empty or absent', async () => {
    const api = await t.as(await t.factory.user());
    expect((await api.post('/contacts', { name: 'Sem Email', number: '5511999990002' })).json().email).toBe('');
    expect((await api.post('/contacts', { name: 'Vazio', number: '5511999990003', email: '' })).statusCode).toBe(200);
    expect((await api.post('/contacts', { name: 'Nulo', number: '5511999990004', email: null })).statusCode).toBe(200);
  });

  test.each([
    ['a 1-letter name', { name: 'A', number: '5511999990001' }, 'name', 'validation.tooShort', 'Muito curto!'],
    ['a 251-letter name', { name: 'x'.repeat(251), number: '5511999990001' }, 'name', 'validation.tooLong', 'Muito longo!'],
    ['a blank name', { name: '   ', number: '5511999990001' }, 'name', 'validation.required', 'Obrigatório'],
    ['no name', { number: '5511999990001' }, 'name', 'validation.required', 'Obrigatório'],
    ['6 digits', { name: 'Ana', number: '(11) 1234' }, 'number', 'validation.tooShort', 'Muito curto!'],
    ['51 digits', { name: 'Ana', number: '1'.repeat(51) }, 'number', 'validation.tooLong', 'Muito longo!'],
    ['a number without digits', { name: 'Ana', number: 'abc' }, 'number', 'validation.required', 'Obrigatório'],
    ['no number', { name: 'Ana' }, 'number', 'validation.required', 'Obrigatório'],
    [
      'a bad e-mail',
      { name: 'Ana', number: '5511999990001', email: 'not-an-email' },
      'email',
      'validation.invalidEmail',
      'E-mail inválido',
    ],
  ])('%s is refused on %s with %s', async (_label, body, field, key, message) => {
    const res = await (await t.as(await t.factory.user())).post('/contacts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ field, key, message }] });
  });

  test('a name of 250 characters and a number of 50 digits are accepted (the contacts page bounds)', async () => {
    const res = await (await t.as(await t.factory.user())).post('/contacts', { name: 'n'.repeat(250), number: '9'.repeat(50) });
    expect(res.statusCode).toBe(200);
  });

  test('the same number twice in a company is 409 ERR_DUPLICATED_CONTACT, however it is written', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    expect((await api.post('/contacts', { name: 'Primeiro', number: '5511988887777' })).statusCode).toBe(200);
    const again = await api.post('/contacts', { name: 'Segundo', number: '+55 11 98888-7777' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ERR_DUPLICATED_CONTACT' });
    // Another channel and another company may have it.
    expect((await api.post('/contacts', { name: 'Insta', number: '5511988887777', channel: 'instagram' })).statusCode).toBe(200);
    expect((await (await t.as(await t.factory.user())).post('/contacts', { name: 'Outra', number: '5511988887777' })).statusCode).toBe(200);
  });
});

describe('GET /contacts/:id', () => {
  test('answers the contact with extra info, tags and origin connection', async () => {
    const agent = await t.factory.user();
    const contact = await makeContact(t.database.db, agent.companyId, { name: 'Carlos' });
    const tag = await makeTag(t.database.db, agent.companyId, { name: 'VIP', color: '#ff0000' });
    await tagContact(t.database.db, contact.id, tag.id);
    await t.database.db.insert(contactExtraInfo).values({ contactId: contact.id, name: 'Cidade', value: 'Recife' });
    const res = await (await t.as(agent)).get(`/contacts/${contact.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: contact.id,
      name: 'Carlos',
      tags: [{ id: tag.id, name: 'VIP', color: '#ff0000' }],
      extraInfo: [{ name: 'Cidade', value: 'Recife' }],
    });
    expect((await (await t.as(agent)).get('/contacts/999999')).json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    expect((await (await t.as(agent)).get('/contacts/abc')).statusCode).toBe(400);
  });
});

describe('PUT /contacts/:id', () => {
  test('changes the fields sent and replaces the extra info list, keeping the ids of kept rows', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const created = (
      await api.post('/contacts', {
        name: 'Joana',
        number: '5511977776666',
        extraInfo: [
          { name: 'A', value: '1' },
          { name: 'B', value: '2' },
        ],
      })
    ).json();
    const [a] = created.extraInfo;
    const res = await api.put(`/contacts/${created.id}`, {
      name: 'Joana Lima',
      email: 'joana@example.com',
      extraInfo: [
        { id: a.id, name: 'A', value: 'um' },
        { name: 'C', value: '3' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({ name: 'Joana Lima', email: 'joana@example.com', number: '5511977776666' });
    expect(updated.extraInfo.map((e: { id: number; name: string; value: string }) => [e.name, e.value])).toEqual([
      ['A', 'um'],
      ['C', '3'],
    ]);
    expect(updated.extraInfo[0].id).toBe(a.id);
    const rows = await t.database.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, created.id));
    expect(rows).toHaveLength(2);
    const event = t.sent.findLast((e) => e.event === `company-${agent.companyId}-contact`);
    expect(event?.payload).toMatchObject({ action: 'update', contact: { id: created.id, name: 'Joana Lima' } });
  });

  test("another contact's number is 409; its own number is fine; validation as on create", async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const one = await makeContact(t.database.db, agent.companyId, { number: '5511911112222' });
    const two = await makeContact(t.database.db, agent.companyId, { number: '5511933334444' });
    expect((await api.put(`/contacts/${two.id}`, { number: '5511911112222' })).statusCode).toBe(409);
    expect((await api.put(`/contacts/${one.id}`, { number: '55 11 91111-2222', name: 'Mesmo' })).statusCode).toBe(200);
    const bad = await api.put(`/contacts/${one.id}`, { name: 'x' });
    expect(bad.json().fields).toEqual([{ field: 'name', key: 'validation.tooShort', message: 'Muito curto!' }]);
    expect((await stored(two.id)).number).toBe('5511933334444');
  });
});

describe('DELETE /contacts/:id', () => {
  test('an admin deletes (contacts-page:deleteContact); a profile user gets 403 and the contact stays', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const contact = await makeContact(t.database.db, admin.companyId);
    const denied = await (await t.as(agent)).delete(`/contacts/${contact.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(await stored(contact.id)).toBeDefined();
    const res = await (await t.as(admin)).delete(`/contacts/${contact.id}`);
    expect(res.statusCode).toBe(200);
    expect(await stored(contact.id)).toBeUndefined();
    expect(t.sent.findLast((e) => e.event === `company-${admin.companyId}-contact`)?.payload).toEqual({
      action: 'delete',
      contactId: contact.id,
    });
    expect((await (await t.as(admin)).delete(`/contacts/${contact.id}`)).statusCode).toBe(404);
  });

  test('without a token every contacts route is 401', async () => {
    const body = { name: 'Ana', number: '5511999990001' };
    for (const [method, url] of [
      ['GET', '/contacts'],
      ['GET', '/contacts/1'],
      ['POST', '/contacts'],
      ['PUT', '/contacts/1'],
      ['DELETE', '/contacts/1'],
    ] as const) {
      const res = await t.anon.inject({ method, url, ...(method === 'POST' || method === 'PUT' ? { payload: body } : {}) });
      expect(res.statusCode).toBe(401);
    }
  });
});
