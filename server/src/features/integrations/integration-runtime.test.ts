import { eq } from 'drizzle-orm';
import { afterAll, afterEach, expect, test } from 'vitest';
import { plans, type UserRow } from '../../db/schema';
import { botCustomer } from '../../test/bot-customer';
import { fakeServer, fakeServiceAccount, json } from '../../test/fake-http-server';
import { useTestApp } from '../../test/harness';
import { simulatorConnection } from '../../test/simulator';
import { setFlowbuilderStarter } from './runtime/flowbuilder-hook';
import { HANDOFF_TEXT } from './runtime/texts';
import { verifySignature } from './webhook/signature';

const bot = await fakeServer();
afterAll(() => bot.close());
afterEach(() => {
  bot.reset();
  t.clock.reset();
  setFlowbuilderStarter(null);
});
const t = useTestApp({
  integrations: { timeoutMs: 1500, dialogflowApiUrl: bot.url, ttsProvider: 'openai', ttsBaseUrl: null },
});

/** A company whose only queue hands its customers to the integration `body`; a customer of its connection. */
async function served(body: Record<string, unknown>, admin?: UserRow) {
  const owner = admin ?? (await t.factory.admin());
  const api = await t.as(owner);
  const created = await api.post('/queueIntegration', body);
  expect(created.statusCode, created.body).toBe(200);
  // The signing secret is answered only when one is made: the receiver is configured with that one.
  const secret = await api.post(`/queueIntegration/${created.json().id}/signingSecret`);
  const integration = { ...created.json(), signingSecret: secret.json().signingSecret as string };
  const queue = await t.factory.queue(owner.companyId, { integrationId: integration.id, greetingMessage: '' });
  const connection = await simulatorConnection(t, owner, { queueIds: [queue.id], greetingMessage: '' });
  return { integration, queue, customer: botCustomer(t, connection) };
}

test('webhook: each message is POSTed signed with the delivery id; a 2xx answer sends its messages; handoff gives the ticket to the queue', async () => {
  const { integration, queue, customer } = await served({ type: 'webhook', name: 'Webhook', urlN8N: `${bot.url}/hook` });
  bot.on('POST /hook', (req, res) => {
    const ok = verifySignature(integration.signingSecret, req.body, req.headers['x-chatflow-signature'] as string);
    if (!ok) return json(res, 401, {});
    const text = req.json().message.body as string;
    if (text === 'tchau') return json(res, 200, { messages: [{ body: 'Vou chamar alguém.' }], handoff: true });
    json(res, 200, { messages: [`Recebi: ${text}`, 'Posso ajudar?'] });
  });

  expect(await customer.write('oi')).toEqual(['Recebi: oi\n\nPosso ajudar?']);
  const [first] = bot.requests;
  expect(first.headers['x-chatflow-delivery']).toMatch(/^[0-9a-f-]{36}$/);
  expect(first.headers['x-chatflow-event']).toBe('message');
  expect(first.json()).toMatchObject({
    event: 'message',
    integration: { id: integration.id, type: 'webhook' },
    contact: { number: customer.number },
    message: { body: 'oi' },
    ticket: { queueId: queue.id, status: 'pending' },
  });
  expect(await customer.ticket()).toMatchObject({ useIntegration: true, integrationId: integration.id, isBot: true, queueId: queue.id });

  expect(await customer.write('tchau')).toEqual(['Vou chamar alguém.']);
  expect(await customer.ticket()).toMatchObject({
    useIntegration: false,
    isBot: false,
    status: 'pending',
    queueId: queue.id,
    userId: null,
  });
  expect(await customer.logTypes()).toContain('integrationHandoff');
  // From now on the bot is out of it: nothing more is POSTed.
  const before = bot.requests.length;
  await customer.write('alguém aí?');
  expect(bot.requests.length).toBe(before);
});

test('webhook answering 5xx is tried again with backoff under the same delivery id, and its late answer still reaches the customer', async () => {
  const { customer } = await served({ type: 'n8n', name: 'n8n', urlN8N: `${bot.url}/n8n` });
  let calls = 0;
  bot.on('POST /n8n', (_req, res) => (++calls < 3 ? json(res, 503, {}) : json(res, 200, { messages: ['Enfim!'] })));
  expect(await customer.write('oi')).toEqual([]);
  expect(await customer.after(5)).toEqual([]);
  expect(await customer.after(30)).toEqual(['Enfim!']);
  expect(new Set(bot.requests.map((r) => r.headers['x-chatflow-delivery'])).size).toBe(1);
  expect(bot.requests).toHaveLength(3);
  expect((await customer.ticket()).useIntegration).toBe(true);
});

test('an integration that times out on every try is logged on the ticket and the customer handed to the queue with a message', async () => {
  const { queue, customer } = await served({ type: 'webhook', name: 'Lento', urlN8N: `${bot.url}/slow` });
  bot.on('POST /slow', () => {
    // never answers: the call times out (INTEGRATION_TIMEOUT_MS, 1.5 s here)
  });
  expect(await customer.write('oi')).toEqual([]);
  expect(await customer.after(5)).toEqual([]);
  expect(await customer.after(30)).toEqual([HANDOFF_TEXT]);
  expect(bot.requests).toHaveLength(3);
  expect(await customer.ticket()).toMatchObject({ useIntegration: false, status: 'pending', queueId: queue.id, userId: null });
  expect(await customer.logTypes()).toContain('integrationFailed');
});

test('a refusal (4xx) is not retried: logged and handed over at once', async () => {
  const { customer } = await served({ type: 'webhook', name: 'Recusa', urlN8N: `${bot.url}/gone` });
  bot.on('POST /gone', (_req, res) => json(res, 410, {}));
  expect(await customer.write('oi')).toEqual([HANDOFF_TEXT]);
  expect(bot.requests).toHaveLength(1);
  expect(await customer.logTypes()).toContain('integrationFailed');
});

const richText = (text: string) => ({ type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } });

test('typebot: startChat then continueChat in the kept session, the delay between messages, unknown answers, restart, expiry and finish', async () => {
  t.clock.set('2026-03-02T12:00:00Z');
  const { customer } = await served({
    type: 'typebot',
    name: 'Typebot',
    urlN8N: bot.url,
    typebotSlug: 'atendimento',
    typebotDelayMessage: 2000,
    typebotExpires: 5,
    typebotKeywordRestart: 'reiniciar',
    typebotRestartMessage: 'Recomeçando…',
    typebotKeywordFinish: 'sair',
    typebotUnknownMessage: 'Não entendi, escolha uma opção.',
  });
  let sessions = 0;
  bot.on('POST /api/v1/typebots/atendimento/startChat', (req, res) => {
    sessions += 1;
    expect(req.json().prefilledVariables).toMatchObject({ number: customer.number, pushName: 'Cliente' });
    json(res, 200, {
      sessionId: `sessao-${sessions}`,
      messages: [richText('Bem-vindo!')],
      input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] },
    });
  });
  bot.on('POST /api/v1/sessions/*/continueChat', (req, res) => {
    const text = req.json().message.text;
    if (text === 'Vendas') return json(res, 200, { messages: [richText('Ótimo, vendas!')], input: { type: 'text input' } });
    json(res, 200, { messages: [], input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] } });
  });

  // The greeting now, the options 2 s later (typebotDelayMessage).
  expect(await customer.write('oi')).toEqual(['Bem-vindo!']);
  expect(await customer.after(2)).toEqual(['1 - Vendas\n2 - Suporte']);
  expect(await customer.write('Outra coisa')).toEqual(['Não entendi, escolha uma opção.']);
  expect(await customer.after(2)).toEqual(['1 - Vendas\n2 - Suporte']);
  expect(await customer.write('Vendas')).toEqual(['Ótimo, vendas!']);
  expect(bot.requests.filter((r) => r.path.endsWith('/continueChat')).map((r) => r.path)).toEqual([
    '/api/v1/sessions/sessao-1/continueChat',
    '/api/v1/sessions/sessao-1/continueChat',
  ]);

  expect(await customer.write('reiniciar')).toEqual(['Recomeçando…']);
  expect(await customer.after(2)).toEqual(['Bem-vindo!']);
  await customer.after(2);
  expect(sessions).toBe(2);

  // Six minutes later the session (typebotExpires 5) is over: a new one starts.
  t.clock.advanceMinutes(6);
  expect(await customer.write('Vendas')).toEqual(['Bem-vindo!']);
  await customer.after(2);
  expect(sessions).toBe(3);

  expect(await customer.write('SAIR')).toEqual([HANDOFF_TEXT]);
  expect(await customer.ticket()).toMatchObject({ useIntegration: false, status: 'pending' });
  expect(await customer.logTypes()).toContain('integrationHandoff');
});

test('dialogflow: detectIntent in the ticket session answers; an intent that ends the conversation hands over', async () => {
  const key = fakeServiceAccount(`${bot.url}/token`);
  const { customer } = await served({
    type: 'dialogflow',
    name: 'Agente',
    projectName: 'agente-teste',
    jsonContent: key,
    language: 'pt-BR',
  });
  bot.on('POST /token', (_req, res) => json(res, 200, { access_token: 'tk', expires_in: 3600 }));
  bot.on('POST /v2/projects/agente-teste/agent/sessions/*', (req, res) => {
    const text = req.json().queryInput.text.text as string;
    if (text === 'obrigado')
      return json(res, 200, { queryResult: { fulfillmentText: 'Até logo!', intent: { displayName: 'Fim', endInteraction: true } } });
    json(res, 200, {
      queryResult: { fulfillmentMessages: [{ text: { text: [`Olá! Você disse ${text}.`] } }], intent: { displayName: 'Oi' } },
    });
  });
  expect(await customer.write('bom dia')).toEqual(['Olá! Você disse bom dia.']);
  const ticket = await customer.ticket();
  expect(bot.requests.find((r) => r.path.includes(':detectIntent'))?.path).toBe(
    `/v2/projects/agente-teste/agent/sessions/ticket-${ticket.uuid}:detectIntent`,
  );
  expect(await customer.write('obrigado')).toEqual(['Até logo!']);
  expect((await customer.ticket()).useIntegration).toBe(false);
});

test('flowbuilder: the registered flow runtime gets each message; without one the customer goes to the queue', async () => {
  const { integration, customer } = await served({ type: 'flowbuilder', name: 'Fluxo' });
  expect(await customer.write('oi')).toEqual([HANDOFF_TEXT]);
  expect(await customer.logTypes()).toContain('integrationFailed');

  const admin = await t.factory.admin();
  const second = await served({ type: 'flowbuilder', name: 'Fluxo 2' }, admin);
  const started: { integrationId: number; ticketId: number }[] = [];
  setFlowbuilderStarter(async (_deps, start) => void started.push({ integrationId: start.integration.id, ticketId: start.ticket.id }));
  expect(await second.customer.write('oi')).toEqual([]);
  expect(started).toEqual([{ integrationId: second.integration.id, ticketId: (await second.customer.ticket()).id }]);
  expect(integration.id).not.toBe(second.integration.id);
});

test('a deleted integration hands its tickets over at their next message; a plan without integrations keeps the chatbot', async () => {
  const admin = await t.factory.admin();
  const { integration, customer } = await served({ type: 'webhook', name: 'Webhook', urlN8N: `${bot.url}/hook` }, admin);
  bot.on('POST /hook', (_req, res) => json(res, 200, { messages: ['Oi!'] }));
  expect(await customer.write('oi')).toEqual(['Oi!']);
  expect((await (await t.as(admin)).delete(`/queueIntegration/${integration.id}`)).statusCode).toBe(200);
  expect(await customer.write('ainda aí?')).toEqual([HANDOFF_TEXT]);

  const plan = await t.factory.plan();
  const company = await t.factory.company({ planId: plan.id });
  const other = await t.factory.admin({ companyId: company.id });
  const gated = await served({ type: 'webhook', name: 'Webhook', urlN8N: `${bot.url}/hook` }, other);
  await t.database.db.update(plans).set({ useIntegrations: false }).where(eq(plans.id, plan.id));
  const before = bot.requests.length;
  await gated.customer.write('oi');
  expect(bot.requests.length).toBe(before);
  expect((await gated.customer.ticket()).useIntegration).toBe(false);
});
