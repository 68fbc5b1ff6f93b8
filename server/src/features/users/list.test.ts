import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

describe('GET /users', () => {
  test('an admin gets the company users by name, 20 a page, with count, hasMore and queues', async () => {
    const admin = await t.factory.admin({ name: 'Aaa Admin' });
    const queue = await t.factory.queue(admin.companyId, { name: 'Vendas' });
    const made = [];
    for (let i = 0; i < 21; i++)
      made.push(await t.factory.user({ companyId: admin.companyId, name: `Agent ${String(i).padStart(2, '0')}` }));
    await t.factory.addUserToQueue(made[0].id, queue.id);
    await t.factory.user({ name: 'Agent Elsewhere' }); // another company

    const api = await t.as(admin);
    const first = await api.get('/users', { pageNumber: '1' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.count).toBe(22);
    expect(page1.hasMore).toBe(true);
    expect(page1.users).toHaveLength(20);
    expect(page1.users[0].name).toBe('Aaa Admin');
    expect(page1.users[1]).toMatchObject({ name: 'Agent 00', queues: [{ id: queue.id, name: 'Vendas', color: queue.color }] });
    expect(page1.users[1].passwordHash).toBeUndefined();

    const page2 = (await api.get('/users', { pageNumber: '2' })).json();
    expect(page2.users.map((u: { name: string }) => u.name)).toEqual(['Agent 19', 'Agent 20']);
    expect(page2.hasMore).toBe(false);
    const all = [...page1.users, ...page2.users];
    expect(all.map((u: { companyId: number }) => u.companyId)).toEqual(Array(22).fill(admin.companyId));
  });

  test('search matches name or e-mail without regard to case, and treats % as a character', async () => {
    const admin = await t.factory.admin();
    await t.factory.user({ companyId: admin.companyId, name: 'Maria Souza', email: `maria-${admin.id}@x.test` });
    await t.factory.user({ companyId: admin.companyId, name: 'Joana', email: `JOANA.SUPORTE-${admin.id}@x.test` });
    await t.factory.user({ name: 'Maria Other Company' });
    const api = await t.as(admin);

    const byName = (await api.get('/users', { searchParam: 'mARIA' })).json();
    expect(byName.users.map((u: { name: string }) => u.name)).toEqual(['Maria Souza']);
    expect(byName.count).toBe(1);
    const byEmail = (await api.get('/users', { searchParam: 'suporte' })).json();
    expect(byEmail.users.map((u: { name: string }) => u.name)).toEqual(['Joana']);
    const wildcard = (await api.get('/users', { searchParam: '%' })).json();
    expect(wildcard.users).toEqual([]);
  });

  test('a profile user gets 403, no token 401, a bad page number 400', async () => {
    const user = await t.factory.user();
    expect((await (await t.as(user)).get('/users')).statusCode).toBe(403);
    expect((await t.anon.get('/users')).statusCode).toBe(401);
    const admin = await t.factory.admin();
    const bad = await (await t.as(admin)).get('/users', { pageNumber: 'zero' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('pageNumber');
  });
});

describe('GET /users/list', () => {
  test("any user of the company gets its users for pickers, and never another company's", async () => {
    const admin = await t.factory.admin({ name: 'Bruno' });
    const agent = await t.factory.user({ companyId: admin.companyId, name: 'Ana', online: true });
    const queue = await t.factory.queue(admin.companyId);
    await t.factory.addUserToQueue(agent.id, queue.id);
    const stranger = await t.factory.user({ name: 'Outsider' });

    const res = await (await t.as(agent)).get('/users/list');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((u: { id: number }) => u.id)).toEqual([agent.id, admin.id]);
    expect(list[0]).toEqual({
      id: agent.id,
      name: 'Ana',
      email: agent.email,
      profile: 'user',
      online: true,
      profileImage: null,
      queues: [{ id: queue.id, name: queue.name, color: queue.color }],
    });
    expect(list.some((u: { id: number }) => u.id === stranger.id)).toBe(false);
    expect((await t.anon.get('/users/list')).statusCode).toBe(401);
  });
});

describe('GET /users/:id', () => {
  test('an admin reads a user of the company with queues', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId, farewellMessage: 'Tchau' });
    const queue = await t.factory.queue(admin.companyId);
    await t.factory.addUserToQueue(agent.id, queue.id);
    const res = await (await t.as(admin)).get(`/users/${agent.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: agent.id, email: agent.email, farewellMessage: 'Tchau', queues: [{ id: queue.id }] });
    expect(res.json().passwordHash).toBeUndefined();
  });

  test('a profile user reads themself but gets 403 for a colleague', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const api = await t.as(agent);
    expect((await api.get(`/users/${agent.id}`)).json().id).toBe(agent.id);
    const other = await api.get(`/users/${admin.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  });

  test("another company's admin gets 404 ERR_NO_USER_FOUND; an unknown id too; a non-numeric id 400", async () => {
    const victim = await t.factory.user();
    const stranger = await t.factory.admin();
    const api = await t.as(stranger);
    const res = await api.get(`/users/${victim.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await api.get('/users/99999999')).statusCode).toBe(404);
    expect((await api.get('/users/abc')).statusCode).toBe(400);
  });
});
