import { afterAll, afterEach, expect, test } from 'vitest';
import { botCustomer } from '../../test/bot-customer';
import { fakeServer, json } from '../../test/fake-http-server';
import { useTestApp } from '../../test/harness';
import { simulatorConnection } from '../../test/simulator';

// A chatbot option of type "integration" (spec 2 §3 Chatbot option: queueType integration,
// optIntegrationId): saved through the queue modal's call, run by the chatbot as a queue's own
// integration is, and dropped from the menu once the integration is deleted.

const bot = await fakeServer();
afterAll(() => bot.close());
afterEach(() => {
  bot.reset();
  expect(t.jobs.errors).toEqual([]);
});
// A generous bot timeout: on a loaded machine a 1.5 s call times out and the reply comes on a retry timer.
const t = useTestApp({ integrations: { timeoutMs: 10_000, dialogflowApiUrl: bot.url, ttsProvider: 'openai', ttsBaseUrl: null } });

test('the integration option hands the customer to its integration, which answers the choice and what follows', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const hook = await api.post('/queueIntegration', { type: 'webhook', name: 'Pedidos', urlN8N: `${bot.url}/pedidos` });
  expect(hook.statusCode, hook.body).toBe(200);
  bot.on('POST /pedidos', (req, res) => json(res, 200, { messages: [`Robô de pedidos: ${req.json().message.body}`] }));

  const created = await api.post('/queue', {
    name: 'Atendimento',
    color: '#2266aa',
    greetingMessage: 'Escolha:',
    chatbots: [
      { name: 'Falar com alguém', greetingMessage: 'Aguarde um atendente', queueType: 'text' },
      { name: 'Meus pedidos', greetingMessage: 'Chamando o robô de pedidos', queueType: 'integration', optIntegrationId: hook.json().id },
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const queue = created.json();
  expect(queue.chatbots[1]).toMatchObject({ queueType: 'integration', optIntegrationId: hook.json().id, optUserId: null });
  expect(queue.hasToken).toBe(false);

  const connection = await simulatorConnection(t, admin, { queueIds: [queue.id], greetingMessage: '' });
  const ana = botCustomer(t, connection);
  const menu = await ana.write('oi');
  expect(menu.join('\n')).toContain('Meus pedidos');
  expect(bot.requests).toHaveLength(0);

  expect(await ana.write('2')).toEqual(['Chamando o robô de pedidos', 'Robô de pedidos: 2']);
  expect(await ana.ticket()).toMatchObject({ useIntegration: true, integrationId: hook.json().id, isBot: true, queueId: queue.id });
  expect(await ana.write('pedido 123')).toEqual(['Robô de pedidos: pedido 123']);
  expect(bot.requests.map((r) => r.json().message.body)).toEqual(['2', 'pedido 123']);

  // Deleted: the option loses its target, the chatbot no longer offers it and the modal shows it with none.
  const again = await t.as(admin); // the connection's creation logged the admin in anew
  const removed = await again.delete(`/queueIntegration/${hook.json().id}`);
  expect(removed.statusCode, removed.body).toBe(200);
  const after = await again.get(`/queue/${queue.id}`);
  expect(after.json().chatbots[1]).toMatchObject({ queueType: 'integration', optIntegrationId: null });
  const bia = botCustomer(t, connection);
  const shorter = await bia.write('oi');
  expect(shorter.join('\n')).not.toContain('Meus pedidos');
  expect(await bia.write('2')).not.toContain('Chamando o robô de pedidos');
  expect(bot.requests).toHaveLength(2);
});

test("an option naming another company's integration, or none, is refused on its field", async () => {
  const admin = await t.factory.admin();
  const stranger = await t.factory.admin();
  const theirs = await (await t.as(stranger)).post('/queueIntegration', { type: 'webhook', name: 'Deles', urlN8N: `${bot.url}/x` });
  const api = await t.as(admin);
  const option = (optIntegrationId: unknown) => ({ name: 'Robô', queueType: 'integration', optIntegrationId });
  const foreign = await api.post('/queue', { name: 'Fila', color: '#118844', chatbots: [option(theirs.json().id)] });
  expect(foreign.statusCode).toBe(400);
  expect(JSON.stringify(foreign.json())).toContain('optIntegrationId');
  const none = await api.post('/queue', { name: 'Fila', color: '#118844', chatbots: [option('')] });
  expect(none.statusCode).toBe(400);
  expect(JSON.stringify(none.json())).toContain('optIntegrationId');
});

test('the queue token is write-only: stored, cleared with an empty text, never answered', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const created = await api.post('/queue', { name: 'Com token', color: '#aa3311', token: 'tok-fila-abc123' });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json().hasToken).toBe(true);
  expect(created.body).not.toContain('tok-fila-abc123');
  const listed = await api.get('/queue');
  expect(listed.body).not.toContain('tok-fila-abc123');
  // An edit that does not send the token keeps it.
  const renamed = await api.put(`/queue/${created.json().id}`, { name: 'Com token 2' });
  expect(renamed.json().hasToken).toBe(true);
  expect((await api.put(`/queue/${created.json().id}`, { token: 'com espaço' })).statusCode).toBe(400);
  const cleared = await api.put(`/queue/${created.json().id}`, { token: '' });
  expect(cleared.json().hasToken).toBe(false);
});
