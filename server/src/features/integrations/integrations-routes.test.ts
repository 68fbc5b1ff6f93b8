import { createVerify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { plans, queueIntegrations, queues } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { fakeServer, fakeServiceAccount, json } from '../../test/fake-http-server';

const google = await fakeServer();
afterAll(() => google.close());
const t = useTestApp({
  integrations: { timeoutMs: 2000, dialogflowApiUrl: google.url, ttsProvider: 'openai', ttsBaseUrl: null },
});

const webhook = { type: 'webhook', name: 'Meu webhook', urlN8N: 'https://hooks.example.com/chat' };
const fieldsOf = (res: { json(): { fields: { field: string; message: string }[] } }) => res.json().fields.map((f) => [f.field, f.message]);

test('an admin creates, lists, reads, edits and deletes integrations; each change is announced', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const created = await api.post('/queueIntegration', {
    type: 'typebot',
    name: 'Typebot vendas',
    urlN8N: 'https://typebot.example.com',
    typebotSlug: 'vendas',
  });
  expect(created.statusCode, created.body).toBe(200);
  const typebot = created.json();
  // Spec 3 §9: Typebot defaults delay 1000 ms and expires 1.
  expect(typebot).toMatchObject({
    type: 'typebot',
    name: 'Typebot vendas',
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    language: 'pt-BR',
  });
  expect(typebot).not.toHaveProperty('signingSecret');
  const hook = (await api.post('/queueIntegration', webhook)).json();

  const page = (await api.get('/queueIntegration/', { searchParam: '', pageNumber: '1' })).json();
  expect(page).toMatchObject({ count: 2, hasMore: false });
  expect(page.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Meu webhook', 'Typebot vendas']);
  expect((await api.get('/queueIntegration', { searchParam: 'vend' })).json().queueIntegrations).toHaveLength(1);
  expect((await api.get(`/queueIntegration/${hook.id}`)).json()).toEqual(hook);

  const edited = await api.put(`/queueIntegration/${typebot.id}`, { ...typebot, name: 'Typebot suporte', typebotDelayMessage: 0 });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Typebot suporte', typebotDelayMessage: 0 });

  const queue = await t.factory.queue(admin.companyId, { integrationId: hook.id });
  expect((await api.delete(`/queueIntegration/${hook.id}`)).statusCode).toBe(200);
  expect((await api.get(`/queueIntegration/${hook.id}`)).statusCode).toBe(404);
  const [after] = await t.database.db.select().from(queues).where(eq(queues.id, queue.id));
  expect(after.integrationId).toBeNull();
  expect(
    t.sent.filter((e) => e.event === `company-${admin.companyId}-queueIntegration`).map((e) => (e.payload as { action: string }).action),
  ).toEqual(['create', 'create', 'update', 'delete']);
});

test('the dialog rules: name 2 to 50; url for n8n, webhook and typebot; slug for typebot; project and key for dialogflow', async () => {
  const api = await t.as(await t.factory.admin());
  expect(fieldsOf(await api.post('/queueIntegration', { type: 'n8n', name: 'x', urlN8N: 'https://n8n.example.com/webhook/1' }))).toEqual([
    ['name', 'Muito curto!'],
  ]);
  expect(fieldsOf(await api.post('/queueIntegration', { type: 'n8n', name: 'Meu n8n' }))).toEqual([['urlN8N', 'Obrigatório']]);
  expect(fieldsOf(await api.post('/queueIntegration', { type: 'typebot', name: 'Bot', urlN8N: 'javascript:alert(1)' }))).toEqual([
    ['urlN8N', 'Valor inválido'],
    ['typebotSlug', 'Obrigatório'],
  ]);
  expect(
    fieldsOf(await api.post('/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: '{"a":1}' })),
  ).toEqual([['jsonContent', 'Valor inválido']]);
  expect(fieldsOf(await api.post('/queueIntegration', { type: 'other', name: 'a'.repeat(51) }))).toEqual([
    ['type', 'Obrigatório'],
    ['name', 'Muito longo!'],
  ]);
  expect((await api.post('/queueIntegration', { type: 'flowbuilder', name: 'Fluxo' })).statusCode).toBe(200);
});

test("another company's integration is a 404 for every route; a user profile gets 403; a plan without integrations 403", async () => {
  const owner = await t.factory.admin();
  const theirs = (await (await t.as(owner)).post('/queueIntegration', webhook)).json();
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.get(`/queueIntegration/${theirs.id}`)).statusCode).toBe(404);
  expect((await stranger.put(`/queueIntegration/${theirs.id}`, webhook)).statusCode).toBe(404);
  expect((await stranger.delete(`/queueIntegration/${theirs.id}`)).statusCode).toBe(404);
  expect((await stranger.get('/queueIntegration')).json().queueIntegrations).toEqual([]);

  const user = await t.as(await t.factory.user({ companyId: owner.companyId, profile: 'user' }));
  for (const res of [
    await user.get('/queueIntegration'),
    await user.get(`/queueIntegration/${theirs.id}`),
    await user.post('/queueIntegration', webhook),
    await user.put(`/queueIntegration/${theirs.id}`, webhook),
    await user.delete(`/queueIntegration/${theirs.id}`),
    await user.post(`/queueIntegration/${theirs.id}/signingSecret`),
    await user.post('/queueIntegration/testSession', {
      projectName: 'p',
      jsonContent: JSON.stringify({ client_email: 'a@b.c', private_key: 'k' }),
      language: 'pt-BR',
    }),
  ])
    expect(res.statusCode).toBe(403);

  const plan = await t.factory.plan();
  await t.database.db.update(plans).set({ useIntegrations: false }).where(eq(plans.id, plan.id));
  const company = await t.factory.company({ planId: plan.id });
  const res = await (await t.as(await t.factory.admin({ companyId: company.id }))).get('/queueIntegration');
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
});

test('testSession makes a real detectIntent call with a token signed by the service account; a refusal is ERR_INTEGRATION_TEST_FAILED', async () => {
  const key = fakeServiceAccount(`${google.url}/token`);
  let assertionOk = false;
  google.on('POST /token', (req, res) => {
    const assertion = new URLSearchParams(req.body).get('assertion') ?? '';
    const [header, claims, signature] = assertion.split('.');
    const publicKey = JSON.parse(key).private_key;
    assertionOk = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature, 'base64url');
    json(res, 200, { access_token: 'token-de-teste', expires_in: 3600 });
  });
  google.on('POST /v2/projects/agente-teste/agent/sessions/*', (req, res) => {
    if (req.headers.authorization !== 'Bearer token-de-teste') return json(res, 401, {});
    const text = req.json().queryInput.text;
    json(res, 200, {
      queryResult: { fulfillmentText: `Você disse ${text.text} (${text.languageCode})`, intent: { displayName: 'Boas-vindas' } },
    });
  });
  const api = await t.as(await t.factory.admin());
  const res = await api.post('/queueIntegration/testSession', { projectName: 'agente-teste', jsonContent: key, language: 'es' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ intent: 'Boas-vindas', fulfillmentText: 'Você disse Hola (es)' });
  expect(assertionOk).toBe(true);

  const refused = await api.post('/queueIntegration/testSession', { projectName: 'outro-projeto', jsonContent: key, language: 'pt-BR' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error).toBe('ERR_INTEGRATION_TEST_FAILED');
  expect(fieldsOf(await api.post('/queueIntegration/testSession', { projectName: '', jsonContent: '', language: 'pt-BR' }))).toEqual([
    ['projectName', 'Obrigatório'],
    ['jsonContent', 'Obrigatório'],
  ]);
  // Editing a stored integration, the dialog has no key: it names the integration and the stored key is used.
  const stored = (
    await api.post('/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'agente-teste', jsonContent: key })
  ).json();
  const again = await api.post('/queueIntegration/testSession', {
    id: stored.id,
    projectName: 'agente-teste',
    jsonContent: '',
    language: 'es',
  });
  expect(again.json()).toEqual({ intent: 'Boas-vindas', fulfillmentText: 'Você disse Hola (es)' });
  const stranger = await t.as(await t.factory.admin());
  expect(
    (await stranger.post('/queueIntegration/testSession', { id: stored.id, projectName: 'agente-teste', language: 'es' })).statusCode,
  ).toBe(404);
});

test('secrets are write-only: the Dialogflow key answers hasJsonContent, an edit without it keeps it; the signing secret is shown once, when renewed', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const key = JSON.stringify({ client_email: 'robo@projeto.iam', private_key: 'chave-privada-do-dialogflow' });
  const created = await api.post('/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'agente', jsonContent: key });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json();
  expect(created.json()).toMatchObject({ hasJsonContent: true });
  const reads = [created, await api.get(`/queueIntegration/${id}`), await api.get('/queueIntegration')];
  for (const res of reads) expect(res.body).not.toContain('chave-privada');

  const edited = await api.put(`/queueIntegration/${id}`, { type: 'dialogflow', name: 'Agente 2', projectName: 'agente', jsonContent: '' });
  expect(edited.statusCode, edited.body).toBe(200);
  const [row] = await t.database.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id));
  expect([row.name, row.jsonContent]).toEqual(['Agente 2', key]);
  // An integration without a stored key still needs one to become Dialogflow.
  const hook = (await api.post('/queueIntegration', webhook)).json();
  const keyless = await api.put(`/queueIntegration/${hook.id}`, { type: 'dialogflow', name: 'Agente', projectName: 'agente' });
  expect(fieldsOf(keyless)).toEqual([['jsonContent', 'Obrigatório']]);

  const renewed = await api.post(`/queueIntegration/${hook.id}/signingSecret`);
  expect(renewed.json().signingSecret).toMatch(/^[0-9a-f]{64}$/);
  const [stored] = await t.database.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, hook.id));
  expect(stored.signingSecret).toBe(renewed.json().signingSecret);
  expect((await api.get(`/queueIntegration/${hook.id}`)).body).not.toContain(stored.signingSecret);
  const events = t.sent.filter((e) => e.event === `company-${admin.companyId}-queueIntegration`);
  for (const e of events) expect(JSON.stringify(e.payload)).not.toMatch(/chave-privada|[0-9a-f]{64}/);
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.post(`/queueIntegration/${hook.id}/signingSecret`)).statusCode).toBe(404);
});
