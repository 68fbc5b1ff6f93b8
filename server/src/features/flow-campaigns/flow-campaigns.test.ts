import { expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { simulatorConnection } from '../../test/simulator';
import { flows } from '../../db/schema';

const t = useTestApp();

/** A company with a flow and a simulator connection; `api` is its admin's session (made last: one live session per user). */
async function setup() {
  const admin = await t.factory.admin();
  const [flow] = await t.database.db.insert(flows).values({ companyId: admin.companyId, name: 'Atendimento', flow: null }).returning();
  const connection = await simulatorConnection(t, admin);
  return { admin, flow, connection, api: await t.as(admin) };
}

test('an admin creates, reads, edits (status too) and deletes a phrase campaign', async () => {
  const { flow, api, connection } = await setup();
  const created = await api.post('/flowcampaign', {
    name: 'Promo',
    flowId: flow.id,
    whatsappId: connection.id,
    phrase: 'Quero a promoção',
  });
  expect(created.statusCode, created.body).toBe(200);
  const campaign = created.json();
  expect(campaign).toMatchObject({ name: 'Promo', flowId: flow.id, whatsappId: connection.id, phrase: 'Quero a promoção', status: true });

  expect((await api.get(`/flowcampaign/${campaign.id}`)).json()).toMatchObject({
    name: 'Promo',
    phrase: 'Quero a promoção',
    status: true,
    flowId: flow.id,
  });
  const edited = await api.put('/flowcampaign', {
    id: campaign.id,
    name: 'Promo 2',
    flowId: flow.id,
    whatsappId: null,
    phrase: 'promo',
    status: false,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Promo 2', whatsappId: null, phrase: 'promo', status: false });
  expect((await api.get('/flowcampaign')).json().flow.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
  expect((await api.get('/flowcampaign/flows')).json()).toEqual([{ id: flow.id, name: 'Atendimento', active: true }]);

  const removed = await api.delete(`/flowcampaign/${campaign.id}`);
  expect(removed.statusCode, removed.body).toBe(200);
  expect((await api.get(`/flowcampaign/${campaign.id}`)).statusCode).toBe(404);

  // Each change reaches the company's admins after its commit (company-{id}-flowcampaign), so /phrase-lists stays current.
  const events = t.sent.filter((e) => e.event === `company-${connection.companyId}-flowcampaign`);
  expect(events.map((e) => [e.room, e.payload])).toEqual([
    ['admins', { action: 'create', record: campaign }],
    ['admins', { action: 'update', record: edited.json() }],
    ['admins', { action: 'delete', id: campaign.id }],
  ]);
});

test('name, flow and phrase are required; an empty connection is allowed', async () => {
  const { flow, api } = await setup();
  const res = await api.post('/flowcampaign', { name: ' ', flowId: '', whatsappId: '', phrase: '' });
  expect(res.statusCode).toBe(400);
  expect(
    res
      .json()
      .fields.map((f: { field: string; message: string }) => [f.field, f.message])
      .sort(),
  ).toEqual([
    ['flowId', 'Obrigatório'],
    ['name', 'Obrigatório'],
    ['phrase', 'Obrigatório'],
  ]);
  const anyConnection = await api.post('/flowcampaign', { name: 'Sem conexão', flowId: flow.id, whatsappId: '', phrase: 'oi' });
  expect(anyConnection.statusCode, anyConnection.body).toBe(200);
  expect(anyConnection.json().whatsappId).toBeNull();
});

test("another company's user gets 404 on a campaign and cannot point one at another company's flow or connection", async () => {
  const { flow, api, connection } = await setup();
  const campaign = (await api.post('/flowcampaign', { name: 'Minha', flowId: flow.id, phrase: 'minha' })).json();
  const stranger = await setup();
  expect((await stranger.api.get(`/flowcampaign/${campaign.id}`)).statusCode).toBe(404);
  expect((await stranger.api.get('/flowcampaign')).json().flow).toEqual([]);
  expect((await stranger.api.get('/flowcampaign/flows')).json().map((f: { id: number }) => f.id)).toEqual([stranger.flow.id]);
  const put = await stranger.api.put('/flowcampaign', { id: campaign.id, name: 'x', flowId: stranger.flow.id, phrase: 'x' });
  expect(put.statusCode).toBe(404);
  expect((await stranger.api.delete(`/flowcampaign/${campaign.id}`)).statusCode).toBe(404);
  expect((await stranger.api.post('/flowcampaign', { name: 'x', flowId: flow.id, phrase: 'x' })).statusCode).toBe(404);
  expect(
    (await stranger.api.post('/flowcampaign', { name: 'x', flowId: stranger.flow.id, whatsappId: connection.id, phrase: 'x' })).statusCode,
  ).toBe(404);
  // Untouched.
  expect((await api.get(`/flowcampaign/${campaign.id}`)).json()).toMatchObject({ name: 'Minha', phrase: 'minha' });
});

test('phrase campaigns are for admins: a user profile gets 403 on every campaign route, a connection manager may list the flow choices', async () => {
  const { admin, flow, api } = await setup();
  const campaign = (await api.post('/flowcampaign', { name: 'Minha', flowId: flow.id, phrase: 'minha' })).json();
  const agent = await t.as(await t.factory.user({ companyId: admin.companyId, profile: 'user' }));
  const calls = [
    agent.get('/flowcampaign'),
    agent.get(`/flowcampaign/${campaign.id}`),
    agent.get('/flowcampaign/flows'),
    agent.post('/flowcampaign', { name: 'Dele', flowId: flow.id, phrase: 'dele' }),
    agent.put('/flowcampaign', { id: campaign.id, name: 'Trocado', flowId: flow.id, phrase: 'trocado', status: false }),
    agent.delete(`/flowcampaign/${campaign.id}`),
  ];
  for (const res of await Promise.all(calls)) expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_NO_PERMISSION']);
  expect((await api.get(`/flowcampaign/${campaign.id}`)).json()).toMatchObject({ name: 'Minha', phrase: 'minha', status: true });
  // The connection dialog's default-flow chooser: a user treated as admin for connections (spec 2 §2) reads id and name.
  const manager = await t.as(await t.factory.user({ companyId: admin.companyId, profile: 'user', allowConnections: 'enabled' }));
  expect((await manager.get('/flowcampaign/flows')).json()).toEqual([{ id: flow.id, name: flow.name, active: flow.active }]);
  expect((await manager.get('/flowcampaign')).statusCode).toBe(403);
  expect((await t.anon.get('/flowcampaign')).statusCode).toBe(401);
});
