import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections, flows } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { edge, node, sampleFlow } from './testing';

const t = useTestApp();

const flowEvents = (companyId: number) =>
  t.sent.filter((e) => e.event === `company-${companyId}-flowbuilder`).map((e) => (e.payload as { action: string }).action);

test('an admin creates, lists, searches, renames and deletes flows; each change reaches the company list', async () => {
  const user = await t.factory.admin();
  const api = await t.as(user);
  const created = await api.post('/flowbuilder', { name: 'Boas-vindas' });
  expect(created.statusCode).toBe(200);
  expect(created.json()).toMatchObject({ name: 'Boas-vindas', active: true, userId: user.id });
  const id = created.json().id;
  await api.post('/flowbuilder', { name: 'Vendas 50%' });

  const all = (await api.get('/flowbuilder', { search: '', page: '1' })).json();
  expect(all.flows.map((f: { name: string }) => f.name)).toEqual(['Boas-vindas', 'Vendas 50%']);
  expect(all.hasMore).toBe(false);
  expect((await api.get('/flowbuilder', { search: '50%' })).json().flows.map((f: { name: string }) => f.name)).toEqual(['Vendas 50%']);
  expect((await api.get('/flowbuilder', { search: '_' })).json().flows).toEqual([]);

  expect((await api.get(`/flowbuilder/flow/${id}`)).json()).toEqual({ flow: { id, name: 'Boas-vindas', active: true, flow: null } });

  const renamed = await api.put('/flowbuilder', { name: 'Boas vindas 2', flowId: id });
  expect(renamed.statusCode).toBe(200);
  expect(renamed.json().name).toBe('Boas vindas 2');

  expect((await api.delete(`/flowbuilder/${id}`)).statusCode).toBe(200);
  expect((await api.get(`/flowbuilder/flow/${id}`)).statusCode).toBe(404);
  expect(flowEvents(user.companyId)).toEqual(['create', 'create', 'update', 'delete']);
});

test('PUT /flowbuilder {active} switches a flow off and on; without it the switch stays; no other company or user profile can', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const { id } = (await api.post('/flowbuilder', { name: 'Boas-vindas' })).json();

  const off = await api.put('/flowbuilder', { name: 'Boas-vindas', flowId: id, active: false });
  expect([off.statusCode, off.json().active]).toEqual([200, false]);
  expect((await api.get(`/flowbuilder/flow/${id}`)).json().flow.active).toBe(false);
  expect((await api.get('/flowbuilder')).json().flows[0]).toMatchObject({ id, active: false });
  // A rename alone leaves it off (the rename dialog sends no `active`).
  expect((await api.put('/flowbuilder', { name: 'Boas vindas', flowId: id })).json().active).toBe(false);
  expect((await api.put('/flowbuilder', { name: 'Boas vindas', flowId: id, active: 'sim' })).statusCode).toBe(400);

  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.put('/flowbuilder', { name: 'Boas vindas', flowId: id, active: true })).statusCode).toBe(404);
  const agent = await t.as(await t.factory.user({ companyId: admin.companyId, profile: 'user' }));
  expect((await agent.put('/flowbuilder', { name: 'Boas vindas', flowId: id, active: true })).statusCode).toBe(403);
  const [row] = await t.database.db.select().from(flows).where(eq(flows.id, id));
  expect(row.active).toBe(false);

  expect((await api.put('/flowbuilder', { name: 'Boas vindas', flowId: id, active: true })).json().active).toBe(true);
});

test('pages hold 20 flows and say when there is more', async () => {
  const api = await t.as(await t.factory.admin());
  for (let i = 0; i < 21; i++) await api.post('/flowbuilder', { name: `Fluxo ${String(i).padStart(2, '0')}` });
  const first = (await api.get('/flowbuilder', { page: '1' })).json();
  const second = (await api.get('/flowbuilder', { page: '2' })).json();
  expect([first.flows.length, first.hasMore, second.flows.length, second.hasMore]).toEqual([20, true, 1, false]);
  expect(second.flows[0].name).toBe('Fluxo 20');
});

test('the flow name follows the spec: required "Digite um nome!", min 2 "Muito curto!", max 50 "Muito longo!"', async () => {
  const api = await t.as(await t.factory.admin());
  const messageOf = async (body: unknown) => (await api.post('/flowbuilder', body)).json().fields[0].message;
  expect(await messageOf({})).toBe('Digite um nome!');
  expect(await messageOf({ name: '  ' })).toBe('Digite um nome!');
  expect(await messageOf({ name: 'a' })).toBe('Muito curto!');
  expect(await messageOf({ name: 'a'.repeat(51) })).toBe('Muito longo!');
  const en = await api.inject({ method: 'POST', url: '/flowbuilder', payload: { name: 'a' }, headers: { 'accept-language': 'en' } });
  expect(en.json().fields[0].message).toBe('Too Short!');
});

test('saving stores the drawing, reading it gives it back, and duplicate copies the whole document', async () => {
  const user = await t.factory.admin();
  const api = await t.as(user);
  const { id } = (await api.post('/flowbuilder', { name: 'Atendimento' })).json();
  const { nodes, connections: edges } = sampleFlow();
  const saved = await api.post('/flowbuilder/flow', { idFlow: id, nodes, connections: edges });
  expect(saved.statusCode).toBe(200);
  const read = (await api.get(`/flowbuilder/flow/${id}`)).json();
  expect(read.flow.flow).toEqual({ nodes, connections: edges });

  const copy = await api.post('/flowbuilder/duplicate', { flowId: id });
  expect(copy.statusCode).toBe(200);
  expect(copy.json()).toMatchObject({ name: 'Atendimento', active: true });
  expect(copy.json().id).not.toBe(id);
  expect((await api.get(`/flowbuilder/flow/${copy.json().id}`)).json().flow.flow).toEqual({ nodes, connections: edges });

  // The copy is its own document: saving the original leaves it as it was.
  await api.post('/flowbuilder/flow', { idFlow: id, nodes: [nodes[0]], connections: [] });
  expect((await api.get(`/flowbuilder/flow/${copy.json().id}`)).json().flow.flow.nodes).toHaveLength(4);
});

test('a save breaking a graph rule is refused with its code and the node or edge it is about', async () => {
  const api = await t.as(await t.factory.admin());
  const { id } = (await api.post('/flowbuilder', { name: 'Regras' })).json();
  const { nodes, connections: edges, parts } = sampleFlow();
  const save = (n: unknown[], c: unknown[]) => api.post('/flowbuilder/flow', { idFlow: id, nodes: n, connections: c });
  const refusal = async (n: unknown[], c: unknown[]) => {
    const res = await save(n, c);
    expect(res.statusCode).toBe(400);
    return res.json();
  };

  expect(await refusal(nodes.slice(1), edges.slice(1))).toEqual({ error: 'ERR_FLOW_NO_START' });
  const secondStart = node('start2', 'start');
  expect(await refusal([...nodes, secondStart], edges)).toEqual({ error: 'ERR_FLOW_MANY_STARTS', nodeId: secondStart.id });
  expect(await refusal([...nodes, parts.menu], edges)).toEqual({ error: 'ERR_FLOW_DUPLICATE_NODE', nodeId: parts.menu.id });

  const dangling = edge(parts.content, node('ghost', 'message'));
  expect(await refusal(nodes, [...edges, dangling])).toEqual({
    error: 'ERR_FLOW_DANGLING_EDGE',
    edgeId: dangling.id,
    nodeId: dangling.target,
  });

  const noOption = edge(parts.menu, parts.content, 'a3');
  expect(await refusal(nodes, [...edges, noOption])).toEqual({ error: 'ERR_FLOW_MENU_OPTION', edgeId: noOption.id, nodeId: parts.menu.id });

  // content → ticket → content loops forever without waiting for anyone.
  const ticket = node('ticket', 'ticket', { name: 'Vendas' });
  const loop = await refusal([...nodes, ticket], [...edges, edge(parts.content, ticket), edge(ticket, parts.content)]);
  expect(loop.error).toBe('ERR_FLOW_CYCLE_WITHOUT_WAIT');
  expect([parts.content.id, ticket.id]).toContain(loop.nodeId);

  // A loop back through the menu waits for the customer's answer: allowed.
  const back = await save(nodes, [...edges, edge(parts.question, parts.menu)]);
  expect(back.statusCode).toBe(200);
  // A refused save changed nothing.
  expect((await api.get(`/flowbuilder/flow/${id}`)).json().flow.flow.connections).toHaveLength(4);
});

test('a malformed document is a validation error, not a crash', async () => {
  const api = await t.as(await t.factory.admin());
  const { id } = (await api.post('/flowbuilder', { name: 'Formato' })).json();
  const res = await api.post('/flowbuilder/flow', {
    idFlow: id,
    nodes: [{ id: 'x', type: 'nope', position: { x: 0, y: 0 } }],
    connections: [],
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe('ERR_VALIDATION');
  expect((await api.post('/flowbuilder/flow', { idFlow: 'abc', nodes: [], connections: [] })).statusCode).toBe(400);
});

test('deleting a flow drops the connections links to it (welcome and not-phrase flows)', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const { id } = (await api.post('/flowbuilder', { name: 'Welcome' })).json();
  const [conn] = await t.database.db
    .insert(connections)
    .values({ companyId: admin.companyId, name: 'Loja', token: 'b'.repeat(30), flowIdWelcome: id, flowIdNotPhrase: id })
    .returning();
  expect((await api.delete(`/flowbuilder/${id}`)).statusCode).toBe(200);
  const [after] = await t.database.db.select().from(connections).where(eq(connections.id, conn.id));
  expect([after.flowIdWelcome, after.flowIdNotPhrase]).toEqual([null, null]);
});

test("another company's user gets 404 on every route that names a flow, and never sees its flows", async () => {
  const owner = await t.factory.admin();
  const ownerApi = await t.as(owner);
  const { id } = (await ownerApi.post('/flowbuilder', { name: 'Privado' })).json();
  const { nodes, connections: edges } = sampleFlow();
  await ownerApi.post('/flowbuilder/flow', { idFlow: id, nodes, connections: edges });

  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.get(`/flowbuilder/flow/${id}`)).statusCode).toBe(404);
  expect((await stranger.put('/flowbuilder', { name: 'Meu', flowId: id })).statusCode).toBe(404);
  expect((await stranger.post('/flowbuilder/duplicate', { flowId: id })).statusCode).toBe(404);
  expect((await stranger.post('/flowbuilder/flow', { idFlow: id, nodes, connections: edges })).statusCode).toBe(404);
  expect((await stranger.delete(`/flowbuilder/${id}`)).statusCode).toBe(404);
  expect((await stranger.get('/flowbuilder', { search: 'Privado' })).json().flows).toEqual([]);

  const [row] = await t.database.db.select().from(flows).where(eq(flows.id, id));
  expect(row.name).toBe('Privado');
  expect(row.flow?.nodes).toHaveLength(4);
});

test('flows are for admins: a user profile gets 403 on every flow route; signed-out callers get 401', async () => {
  const admin = await t.factory.admin();
  const user = await t.factory.user({ companyId: admin.companyId, profile: 'user' });
  const { id } = (await (await t.as(admin)).post('/flowbuilder', { name: 'Da empresa' })).json();
  const { nodes, connections: edges } = sampleFlow();
  const userApi = await t.as(user);
  const calls = [
    userApi.get('/flowbuilder'),
    userApi.get(`/flowbuilder/flow/${id}`),
    userApi.post('/flowbuilder', { name: 'Meu fluxo' }),
    userApi.put('/flowbuilder', { name: 'Renomeado', flowId: id }),
    userApi.post('/flowbuilder/duplicate', { flowId: id }),
    userApi.post('/flowbuilder/flow', { idFlow: id, nodes, connections: edges }),
    userApi.delete(`/flowbuilder/${id}`),
  ];
  for (const res of await Promise.all(calls)) expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_NO_PERMISSION']);
  const [row] = await t.database.db.select().from(flows).where(eq(flows.id, id));
  expect([row.name, row.flow]).toEqual(['Da empresa', null]);
  expect((await t.anon.get('/flowbuilder')).statusCode).toBe(401);
  expect((await t.anon.post('/flowbuilder', { name: 'X1' })).statusCode).toBe(401);
});

test('an expired subscription closes the flow builder', async () => {
  const company = await t.factory.company({ dueDate: '2020-01-01' });
  const api = await t.as(await t.factory.admin({ companyId: company.id }));
  const res = await api.get('/flowbuilder');
  expect(res.statusCode).toBe(402);
  expect(res.json().error).toBe('ERR_SUBSCRIPTION_EXPIRED');
});
