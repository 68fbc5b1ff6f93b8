import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

/** A client company with one simulator connection, made by its admin. */
async function clientCompany() {
  const admin = await t.factory.admin();
  const conn = (await (await t.as(admin)).post('/whatsapp', { name: 'Sim', provider: 'simulator' })).json();
  return { admin, conn };
}

const rowOf = async (id: number) => (await t.database.db.select().from(connections).where(eq(connections.id, id)))[0];

test("the super user's /allConnections modal edits and deletes another company's connection, without seeing its token", async () => {
  const { admin, conn } = await clientCompany();
  const superApi = await t.as(await t.factory.superUser());
  const edited = await superApi.put(`/whatsapp/${conn.id}`, { name: 'Renomeada' });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ id: conn.id, name: 'Renomeada' });
  expect(edited.json().token).toBeUndefined();
  const row = await rowOf(conn.id);
  expect(row).toMatchObject({ name: 'Renomeada', companyId: admin.companyId });
  expect((await superApi.delete(`/whatsapp/${conn.id}`)).statusCode).toBe(200);
  expect(await rowOf(conn.id)).toBeUndefined();
});

test("another company's admin still gets 404 on edit and delete, and a plain user 403", async () => {
  const { admin, conn } = await clientCompany();
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.put(`/whatsapp/${conn.id}`, { name: 'Outra' })).statusCode).toBe(404);
  expect((await stranger.delete(`/whatsapp/${conn.id}`)).statusCode).toBe(404);
  const agent = await t.as(await t.factory.user({ companyId: admin.companyId }));
  expect((await agent.put(`/whatsapp/${conn.id}`, { name: 'Outra' })).statusCode).toBe(403);
  expect((await agent.delete(`/whatsapp/${conn.id}`)).statusCode).toBe(403);
  expect((await rowOf(conn.id)).name).toBe('Sim');
});

test('POST /whatsapp?companyId= adds the connection to that company for the super user only', async () => {
  const { admin } = await clientCompany();
  const superUser = await t.factory.superUser();
  const res = await (await t.as(superUser)).post(`/whatsapp?companyId=${admin.companyId}`, { name: 'Do super', provider: 'simulator' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().token).toBeUndefined();
  expect((await rowOf(res.json().id)).companyId).toBe(admin.companyId);
  expect(t.sent.some((e) => e.event === `company-${admin.companyId}-whatsapp`)).toBe(true);

  // Another company's admin naming this company is refused; nothing is added.
  const stranger = await t.factory.admin();
  const refused = await (await t.as(stranger)).post(`/whatsapp?companyId=${admin.companyId}`, { name: 'Intruso', provider: 'simulator' });
  expect(refused.statusCode).toBe(403);
  const names = (await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId))).map((c) => c.name);
  expect(names.sort()).toEqual(['Do super', 'Sim']);
  // An unknown company is a 404; one's own company changes nothing.
  expect((await (await t.as(superUser)).post('/whatsapp?companyId=2147483647', { name: 'x', provider: 'simulator' })).statusCode).toBe(404);
  expect((await (await t.as(superUser)).post('/whatsapp?companyId=1e308', { name: 'x', provider: 'simulator' })).statusCode).toBe(404);
  const own = await (await t.as(admin)).post(`/whatsapp?companyId=${admin.companyId}`, { name: 'Própria', provider: 'simulator' });
  expect(own.statusCode).toBe(200);
  expect(own.json().token).toEqual(expect.any(String));
});

test('POST /facebook?companyId= of another company is refused to its admin before Meta is asked', async () => {
  const { admin } = await clientCompany();
  const stranger = await t.as(await t.factory.admin());
  const res = await stranger.post(`/facebook?companyId=${admin.companyId}`, { facebookUserId: '1', facebookUserToken: 'x' });
  expect(res.statusCode).toBe(403);
});
