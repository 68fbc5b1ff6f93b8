import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { userQueues, userSessions, users } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const userExists = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id))).length === 1;

describe('DELETE /users/:id', () => {
  test('removes the user and their queue links, ends their session and tells the company', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const queue = await t.factory.queue(admin.companyId);
    await t.factory.addUserToQueue(agent.id, queue.id);
    const agentApi = await t.as(agent);
    const [session] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, agent.id));

    const res = await (await t.as(admin)).delete(`/users/${agent.id}`);
    expect(res.statusCode).toBe(200);
    expect(await userExists(agent.id)).toBe(false);
    expect(await t.database.db.select().from(userQueues).where(eq(userQueues.userId, agent.id))).toEqual([]);
    expect((await agentApi.get('/auth/me')).statusCode).toBe(401);

    const auth = t.sent.find((e) => e.event === `company-${admin.companyId}-auth` && e.room === `session:${session.id}`);
    expect(auth?.payload).toEqual({ action: 'update', user: { id: agent.id } });
    const deleted = t.sent.find(
      (e) => e.event === `company-${admin.companyId}-user` && (e.payload as { action: string }).action === 'delete',
    );
    expect(deleted?.payload).toEqual({ action: 'delete', userId: agent.id });
    expect(deleted?.room).toBeNull();
  });

  test('an admin cannot delete themself', async () => {
    const admin = await t.factory.admin();
    await t.factory.admin({ companyId: admin.companyId });
    const res = await (await t.as(admin)).delete(`/users/${admin.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(await userExists(admin.id)).toBe(true);
  });

  test('a profile user gets 403, even for themself', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const api = await t.as(agent);
    expect((await api.delete(`/users/${admin.id}`)).statusCode).toBe(403);
    expect((await api.delete(`/users/${agent.id}`)).statusCode).toBe(403);
    expect(await userExists(admin.id)).toBe(true);
    expect(await userExists(agent.id)).toBe(true);
  });

  test("another company's admin gets 404 and deletes nothing", async () => {
    const victim = await t.factory.user();
    const stranger = await t.factory.admin();
    const res = await (await t.as(stranger)).delete(`/users/${victim.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect(await userExists(victim.id)).toBe(true);
  });

  test('a company admin cannot delete the platform super user', async () => {
    const [root] = await t.database.db.select().from(users).where(eq(users.super, true));
    const companyAdmin = await t.factory.admin({ companyId: root.companyId });
    expect((await (await t.as(companyAdmin)).delete(`/users/${root.id}`)).statusCode).toBe(403);
    expect(await userExists(root.id)).toBe(true);
  });
});
