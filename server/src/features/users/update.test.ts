import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { userQueues, users } from '../../db/schema';
import { verifyPassword } from '../../auth/password';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';
import { simulatorConnection } from '../../test/simulator';

const t = useTestApp();

async function row(id: number) {
  const [r] = await t.database.db.select().from(users).where(eq(users.id, id));
  return r;
}

describe('PUT /users/:id as admin', () => {
  test('edits any field of a company user, replaces the queues and tells the company', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const [q1, q2] = [await t.factory.queue(admin.companyId), await t.factory.queue(admin.companyId)];
    await t.factory.addUserToQueue(agent.id, q1.id);
    const res = await (await t.as(admin)).put(`/users/${agent.id}`, {
      name: 'Renomeado',
      profile: 'admin',
      queueIds: [q2.id],
      allTicket: 'enable',
      startWork: '09:00',
      allHistoric: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: agent.id,
      name: 'Renomeado',
      profile: 'admin',
      allTicket: 'enable',
      startWork: '09:00',
      queues: [{ id: q2.id }],
    });
    const stored = await row(agent.id);
    expect(stored).toMatchObject({ name: 'Renomeado', profile: 'admin', allTicket: 'enable', startWork: '09:00', allHistoric: null });
    const links = await t.database.db.select().from(userQueues).where(eq(userQueues.userId, agent.id));
    expect(links.map((l) => l.queueId)).toEqual([q2.id]);
    const event = t.sent.findLast((e) => e.event === `company-${admin.companyId}-user`);
    expect(event?.payload).toMatchObject({ action: 'update', user: { id: agent.id, name: 'Renomeado' } });
  });

  test('an empty password keeps the old one; a new one is hashed', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const api = await t.as(admin);
    const before = (await row(agent.id)).passwordHash;
    expect((await api.put(`/users/${agent.id}`, { name: 'Mesmo', password: '' })).statusCode).toBe(200);
    expect((await row(agent.id)).passwordHash).toBe(before);
    expect((await api.put(`/users/${agent.id}`, { password: 'NovaSenha9' })).statusCode).toBe(200);
    const after = (await row(agent.id)).passwordHash;
    expect(after).not.toBe(before);
    expect(await verifyPassword(after, 'NovaSenha9')).toBe(true);
  });

  test('omitted fields are left alone', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId, farewellMessage: 'Tchau', allowConnections: 'enabled' });
    const queue = await t.factory.queue(admin.companyId);
    await t.factory.addUserToQueue(agent.id, queue.id);
    const res = await (await t.as(admin)).put(`/users/${agent.id}`, { defaultTheme: 'dark' });
    expect(res.json()).toMatchObject({
      defaultTheme: 'dark',
      farewellMessage: 'Tchau',
      allowConnections: 'enabled',
      queues: [{ id: queue.id }],
    });
  });

  test('validation messages, an e-mail of someone else 409, a foreign queue 404', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const other = await t.factory.user();
    const api = await t.as(admin);
    const short = await api.put(`/users/${agent.id}`, { name: 'a', password: '12' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual(
      expect.arrayContaining([
        { field: 'name', key: 'validation.tooShort', message: 'Muito curto!' },
        { field: 'password', key: 'validation.tooShort', message: 'Muito curto!' },
      ]),
    );
    const taken = await api.put(`/users/${agent.id}`, { email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
    const ownEmailNewCase = await api.put(`/users/${agent.id}`, { email: agent.email.toUpperCase() });
    expect(ownEmailNewCase.statusCode).toBe(200);
    const foreignQueue = await t.factory.queue(other.companyId);
    expect((await api.put(`/users/${agent.id}`, { queueIds: [foreignQueue.id] })).statusCode).toBe(404);
  });

  test('the last admin cannot demote themself; with a second admin they can', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const alone = await api.put(`/users/${admin.id}`, { profile: 'user' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({ error: 'ERR_LAST_ADMIN' });
    expect((await row(admin.id)).profile).toBe('admin');
    await t.factory.admin({ companyId: admin.companyId });
    expect((await api.put(`/users/${admin.id}`, { profile: 'user' })).statusCode).toBe(200);
    expect((await row(admin.id)).profile).toBe('user');
  });

  test('a company admin cannot edit the platform super user; a super user can', async () => {
    const [root] = await t.database.db.select().from(users).where(eq(users.super, true));
    const companyAdmin = await t.factory.admin({ companyId: root.companyId });
    const res = await (await t.as(companyAdmin)).put(`/users/${root.id}`, { password: 'Takeover1' });
    expect(res.statusCode).toBe(403);
    const otherSuper = await t.factory.superUser({ companyId: root.companyId });
    expect((await (await t.as(otherSuper)).put(`/users/${root.id}`, { name: 'Operador' })).statusCode).toBe(200);
    expect((await row(root.id)).super).toBe(true);
  });

  test('super cannot be set through an update', async () => {
    const admin = await t.factory.admin();
    const res = await (await t.as(admin)).put(`/users/${admin.id}`, { super: true, name: 'Eu Mesmo' });
    expect(res.statusCode).toBe(200);
    expect((await row(admin.id)).super).toBe(false);
  });

  test("another company's admin gets 404 and changes nothing", async () => {
    const victim = await t.factory.user({ name: 'Vitima' });
    const stranger = await t.factory.admin();
    const res = await (await t.as(stranger)).put(`/users/${victim.id}`, { name: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect((await row(victim.id)).name).toBe('Vitima');
  });
});

describe('PUT /users/:id as a profile user', () => {
  test('edits their own general fields (name, e-mail, password, theme, menu, width)', async () => {
    const agent = await t.factory.user();
    const email = `self-${agent.id}@test.local`;
    const res = await (await t.as(agent)).put(`/users/${agent.id}`, {
      name: 'Meu Nome',
      email,
      password: 'Trocada1',
      defaultTheme: 'dark',
      defaultMenu: 'closed',
      defaultTicketsManagerWidth: 900,
    });
    expect(res.statusCode).toBe(200);
    const stored = await row(agent.id);
    expect(stored).toMatchObject({ name: 'Meu Nome', email, defaultTheme: 'dark', defaultMenu: 'closed', defaultTicketsManagerWidth: 900 });
    expect(await verifyPassword(stored.passwordHash, 'Trocada1')).toBe(true);
    expect(await verifyPassword(stored.passwordHash, TEST_PASSWORD)).toBe(false);
  });

  test('the whole form sent back with admin fields unchanged is accepted', async () => {
    const agent = await t.factory.user({ farewellMessage: null });
    const queue = await t.factory.queue(agent.companyId);
    await t.factory.addUserToQueue(agent.id, queue.id);
    const res = await (await t.as(agent)).put(`/users/${agent.id}`, {
      name: 'Com Formulario',
      profile: 'user',
      queueIds: [queue.id],
      whatsappId: null,
      startWork: '00:00',
      endWork: '23:59',
      allTicket: 'disable',
      allowGroup: false,
      allHistoric: 'disabled',
      allUserChat: 'disabled',
      userClosePendingTicket: 'enabled',
      showDashboard: 'disabled',
      allowRealTime: 'disabled',
      allowConnections: 'disabled',
      farewellMessage: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Com Formulario', queues: [{ id: queue.id }] });
  });

  test.each([
    ['profile', { profile: 'admin' }],
    ['a permission flag', { allowConnections: 'enabled' }],
    ['work hours', { endWork: '18:00' }],
    ['the default connection', { whatsappId: 7 }],
    ['the farewell message', { farewellMessage: 'Tchau' }],
  ])('changing %s of themself is 403 and nothing changes', async (_label, change) => {
    const agent = await t.factory.user({ name: 'Intacto' });
    const res = await (await t.as(agent)).put(`/users/${agent.id}`, { name: 'Mudou', ...change });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(await row(agent.id)).toMatchObject({
      name: 'Intacto',
      profile: 'user',
      allowConnections: 'disabled',
      endWork: '23:59',
      whatsappId: null,
    });
  });

  test('changing their own queues is 403', async () => {
    const agent = await t.factory.user();
    const queue = await t.factory.queue(agent.companyId);
    const res = await (await t.as(agent)).put(`/users/${agent.id}`, { queueIds: [queue.id] });
    expect(res.statusCode).toBe(403);
    expect(await t.database.db.select().from(userQueues).where(eq(userQueues.userId, agent.id))).toEqual([]);
  });

  test('editing a colleague is 403', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const res = await (await t.as(agent)).put(`/users/${admin.id}`, { name: 'Chefe' });
    expect(res.statusCode).toBe(403);
    expect((await row(admin.id)).name).not.toBe('Chefe');
  });
});

describe('the default connection of a user (whatsappId)', () => {
  test('an admin sets one of the company connections, and clears it', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const connection = await simulatorConnection(t, admin);
    const as = await t.as(admin);
    const set = await as.put(`/users/${agent.id}`, { whatsappId: connection.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ whatsappId: connection.id });
    expect((await row(agent.id)).whatsappId).toBe(connection.id);
    const cleared = await as.put(`/users/${agent.id}`, { whatsappId: null });
    expect(cleared.json()).toMatchObject({ whatsappId: null });
  });

  test("another company's connection is 404 on edit and on create, and nothing is saved", async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const stranger = await t.factory.admin();
    const theirs = await simulatorConnection(t, stranger);
    const as = await t.as(admin);
    const edit = await as.put(`/users/${agent.id}`, { whatsappId: theirs.id });
    expect(edit.statusCode).toBe(404);
    expect((await row(agent.id)).whatsappId).toBeNull();
    const create = await as.post('/users', {
      name: 'Nova Pessoa',
      email: `nova-${theirs.id}@x.com`,
      password: 'segredo1',
      whatsappId: theirs.id,
    });
    expect(create.statusCode).toBe(404);
  });
});
