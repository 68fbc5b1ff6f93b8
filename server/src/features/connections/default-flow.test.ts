import { expect, test } from 'vitest';
import { flows } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const flowOf = async (companyId: number) =>
  (await t.database.db.insert(flows).values({ companyId, name: 'Fluxo', flow: null }).returning())[0];

test("the default flow tab saves the welcome and not-phrase flows; another company's flow is refused", async () => {
  const admin = await t.factory.admin();
  const welcome = await flowOf(admin.companyId);
  const notPhrase = await flowOf(admin.companyId);
  const theirs = await flowOf((await t.factory.company()).id);
  const api = await t.as(admin);
  const created = await api.post('/whatsapp', { name: 'Sim', provider: 'simulator', flowIdWelcome: welcome.id });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({ flowIdWelcome: welcome.id, flowIdNotPhrase: null });
  const id = created.json().id;
  const edited = await api.put(`/whatsapp/${id}`, { flowIdWelcome: '', flowIdNotPhrase: notPhrase.id });
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ flowIdWelcome: null, flowIdNotPhrase: notPhrase.id });
  expect((await api.put(`/whatsapp/${id}`, { flowIdNotPhrase: theirs.id })).statusCode).toBe(404);
  expect((await api.post('/whatsapp', { name: 'Outra', provider: 'simulator', flowIdWelcome: theirs.id })).statusCode).toBe(404);
});

test("the integrations tab saves the connection's bot and AI prompt; another company's are refused with 404", async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const stranger = await t.factory.admin();
  const theirs = await t.as(stranger);
  const theirIntegration = (
    await theirs.post('/queueIntegration', { type: 'webhook', name: 'Deles', urlN8N: 'http://127.0.0.1:9/x' })
  ).json();
  const api = await t.as(admin);
  const integration = (await api.post('/queueIntegration', { type: 'webhook', name: 'Nosso', urlN8N: 'http://127.0.0.1:9/y' })).json();
  const prompt = (
    await api.post('/prompt', {
      name: 'Assistente',
      apiKey: 'sk-x',
      prompt: 'Você é um assistente cordial que responde dúvidas dos clientes da loja com poucas frases.',
      queueId: queue.id,
      voice: 'texto',
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
    })
  ).json();
  const created = await api.post('/whatsapp', {
    name: 'Com bot',
    provider: 'simulator',
    integrationId: integration.id,
    promptId: prompt.id,
  });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json()).toMatchObject({ integrationId: integration.id, promptId: prompt.id });
  const id = created.json().id as number;
  expect((await api.put(`/whatsapp/${id}`, { integrationId: theirIntegration.id })).statusCode).toBe(404);
  expect((await api.get(`/whatsapp/${id}`)).json()).toMatchObject({ integrationId: integration.id });
  const cleared = await api.put(`/whatsapp/${id}`, { integrationId: '', promptId: '' });
  expect(cleared.json()).toMatchObject({ integrationId: null, promptId: null });
});
