import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { contactListItems } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { simulatorConnection } from '../../test/simulator';

const t = useTestApp();

async function adminApi() {
  const admin = await t.factory.admin();
  return { admin, api: await t.as(admin) };
}

const csv = (text: string) => Buffer.from(text, 'utf8');
const upload = (api: Awaited<ReturnType<typeof t.as>>, listId: number, file: Buffer, filename = 'lista.csv') =>
  api.inject({ method: 'POST', url: `/contact-lists/${listId}/upload`, ...multipart([{ name: 'file', value: file, filename }]) });

describe('contact lists', () => {
  test('an admin creates, renames, lists and deletes a list; the count follows its items', async () => {
    const { api } = await adminApi();
    const created = await api.post('/contact-lists', { name: 'Clientes VIP' });
    expect(created.statusCode, created.body).toBe(200);
    const list = created.json();
    expect(list).toMatchObject({ name: 'Clientes VIP', contactsCount: 0 });
    expect((await api.post('/contact-list-items', { name: 'Maria', number: '5511999990001', contactListId: list.id })).statusCode).toBe(
      200,
    );
    expect((await api.put(`/contact-lists/${list.id}`, { name: 'VIP' })).json()).toMatchObject({ name: 'VIP', contactsCount: 1 });
    const page = (await api.get('/contact-lists', { searchParam: 'vi' })).json();
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([list.id]);
    expect((await api.get('/contact-lists/list')).json()).toHaveLength(1);
    expect((await api.delete(`/contact-lists/${list.id}`)).statusCode).toBe(200);
    expect((await api.get(`/contact-lists/${list.id}`)).statusCode).toBe(404);
    expect(t.sent.some((e) => e.event.endsWith('-ContactList'))).toBe(true);
  });

  test('validation messages are the spec’s, in the caller’s language', async () => {
    const { api } = await adminApi();
    const short = await api.post('/contact-lists', { name: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Muito curto!');
    const list = (await api.post('/contact-lists', { name: 'Lista' })).json();
    const bad = await api.inject({
      method: 'POST',
      url: '/contact-list-items',
      payload: { name: 'Jo', number: '123', email: 'x', contactListId: list.id },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Too Short!');
    expect(bad.body).toContain('Invalid email');
  });

  test('a user of another company gets 404; a "user" profile gets 403', async () => {
    const { admin, api } = await adminApi();
    const list = (await api.post('/contact-lists', { name: 'Lista' })).json();
    const item = (await api.post('/contact-list-items', { name: 'Maria', number: '5511999990001', contactListId: list.id })).json();
    const stranger = await t.as(await t.factory.admin());
    expect((await stranger.get(`/contact-lists/${list.id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/contact-lists/${list.id}`, { name: 'Minha' })).statusCode).toBe(404);
    expect((await stranger.get(`/contact-list-items/${item.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/contact-list-items', { contactListId: String(list.id) })).statusCode).toBe(404);
    expect((await stranger.delete(`/contact-list-items/${item.id}`)).statusCode).toBe(404);
    const user = await t.as(await t.factory.user({ companyId: admin.companyId, profile: 'user' }));
    expect((await user.get('/contact-lists')).statusCode).toBe(200);
    expect((await user.post('/contact-lists', { name: 'Nova' })).statusCode).toBe(403);
    expect((await user.get('/contact-list-items', { contactListId: String(list.id) })).statusCode).toBe(403);
    expect((await user.delete(`/contact-list-items/${item.id}`)).statusCode).toBe(403);
  });

  test('a plan without campaigns gets ERR_PLAN_FEATURE_DISABLED', async () => {
    const plan = await t.factory.plan({ useCampaigns: false });
    const company = await t.factory.company({ planId: plan.id });
    const api = await t.as(await t.factory.admin({ companyId: company.id }));
    const res = await api.get('/contact-lists');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });

  test('items: digits stored, a number twice is ERR_DUPLICATED_CONTACT, search and delete', async () => {
    const { api } = await adminApi();
    const list = (await api.post('/contact-lists', { name: 'Lista' })).json();
    const created = await api.post('/contact-list-items', {
      name: 'Maria',
      number: '+55 (11) 99999-0001',
      email: 'm@x.com',
      contactListId: list.id,
    });
    expect(created.json()).toMatchObject({ number: '5511999990001', email: 'm@x.com' });
    const twice = await api.post('/contact-list-items', { name: 'Outra', number: '5511999990001', contactListId: list.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('ERR_DUPLICATED_CONTACT');
    await api.post('/contact-list-items', { name: 'João', number: '5511999990002', contactListId: list.id });
    const page = (await api.get('/contact-list-items', { contactListId: String(list.id), searchParam: 'jo' })).json();
    expect(page.contacts.map((c: { name: string }) => c.name)).toEqual(['João']);
    const edited = await api.put(`/contact-list-items/${created.json().id}`, { name: 'Maria Silva' });
    expect(edited.json()).toMatchObject({ name: 'Maria Silva', number: '5511999990001' });
    expect((await api.delete(`/contact-list-items/${created.json().id}`)).statusCode).toBe(200);
    expect((await api.get('/contact-list-items', { contactListId: String(list.id) })).json().count).toBe(1);
  });

  test('the simulator answers the WhatsApp check: numbers ending in 0000 are not on WhatsApp', async () => {
    const admin = await t.factory.admin();
    await simulatorConnection(t, admin);
    const api = await t.as(admin); // after the connection's request: one live session per user
    const list = (await api.post('/contact-lists', { name: 'Lista' })).json();
    const validRes = await api.post('/contact-list-items', { name: 'Maria', number: '5511999990001', contactListId: list.id });
    expect(validRes.statusCode, validRes.body).toBe(200);
    const valid = validRes.json();
    const invalid = (await api.post('/contact-list-items', { name: 'Nulo', number: '5511999990000', contactListId: list.id })).json();
    await t.jobs.drain();
    const rows = await t.database.db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id));
    const byId = new Map(rows.map((r) => [r.id, r.isWhatsappValid]));
    expect(byId.get(valid.id)).toBe(true);
    expect(byId.get(invalid.id)).toBe(false);
  });

  test('import: created rows, every other row reported with its reason; wrong columns import nothing', async () => {
    const { api } = await adminApi();
    const list = (await api.post('/contact-lists', { name: 'Lista' })).json();
    const file = csv(
      'nome,numero,email\nMaria,5511999990001,maria@x.com\nX,5511999990002,\nJoão,123,\nAna,5511999990003,not-an-email\nRepetida,5511999990001,\nPedro,5511999990004,\n',
    );
    const res = await upload(api, list.id, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      ignored: [
        { row: 3, number: '5511999990002', reason: 'invalidName' },
        { row: 4, number: '123', reason: 'invalidNumber' },
        { row: 5, number: '5511999990003', reason: 'invalidEmail' },
        { row: 6, number: '5511999990001', reason: 'duplicate' },
      ],
    });
    // Importing the same file again creates nothing new: every valid row is now a duplicate.
    expect((await upload(api, list.id, file)).json().created).toBe(0);

    const wrong = await upload(api, list.id, csv('foo,bar\n1,2\n'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('A planilha precisa das colunas nome e numero');
    expect((await api.get(`/contact-lists/${list.id}`)).json().contactsCount).toBe(2);
  });

  test('the example spreadsheet downloads as xlsx and imports back', async () => {
    const { api } = await adminApi();
    const example = await api.get('/contact-lists/example');
    expect(example.statusCode).toBe(200);
    expect(example.headers['content-type']).toContain('spreadsheetml');
    const list = (await api.post('/contact-lists', { name: 'Lista' })).json();
    const res = await upload(api, list.id, example.rawPayload, 'planilha_exemplo.xlsx');
    expect(res.json()).toEqual({ created: 2, ignored: [] });
  });
});
