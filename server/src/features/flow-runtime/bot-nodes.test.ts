import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, expect, test } from 'vitest';
import { companies, messages, plans } from '../../db/schema';
import { botCustomer } from '../../test/bot-customer';
import { fakeServer, json } from '../../test/fake-http-server';
import { useTestApp } from '../../test/harness';
import { HANDOFF_TEXT } from '../integrations';
import { HANDOFF_MARKER } from '../prompts';
import { runFlowBotTurn } from './bots/job';
import { botConnection, drawFlow, insertFlow, insertPhraseCampaign, jobDepsOf, runsOf } from './testing';

/** One local server standing in for both bots: Typebot's chat API and an OpenAI-compatible endpoint. */
const bot = await fakeServer();
afterAll(() => bot.close());
afterEach(() => {
  expect(t.jobs.errors).toEqual([]);
  bot.reset();
  t.clock.reset();
});
const t = useTestApp({
  openAi: { baseUrl: `${bot.url}/v1`, apiKey: null, transcriptionModel: 'whisper-1', chatModel: 'modelo-local', speechModel: 'tts-local' },
  integrations: { timeoutMs: 10_000, dialogflowApiUrl: bot.url, ttsProvider: 'openai', ttsBaseUrl: null },
});

const richText = (text: string) => ({ type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } });

/**
 * A company whose phrase `phrase` starts a flow: start → the bot node `type` → a message "De volta ao
 * fluxo." (when `after`), on a simulator connection; a customer of it.
 */
async function flowWith(type: 'typebot' | 'openai', data: (queues: { suporte: number }) => Record<string, unknown>, after = true) {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  const conn = await botConnection(t, admin, [vendas, suporte]);
  const f = drawFlow();
  const node = f.node(type, data({ suporte: suporte.id }));
  if (after) f.chain(node, f.node('message', { label: 'De volta ao fluxo.' }));
  else f.chain(node);
  const flow = await insertFlow(t, admin.companyId, f.document());
  await insertPhraseCampaign(t, admin.companyId, {
    flowId: flow.id,
    phrase: type === 'typebot' ? 'robo' : 'assistente',
    connectionId: conn.id,
  });
  return { admin, vendas, suporte, customer: botCustomer(t, conn) };
}

const typebotNode = (extra: Record<string, unknown> = {}) => ({
  name: 'Pedidos',
  urlN8N: bot.url,
  typebotSlug: 'pedidos',
  typebotExpires: 5,
  typebotDelayMessage: 2000,
  typebotKeywordFinish: 'sair',
  typebotKeywordRestart: 'reiniciar',
  typebotRestartMessage: '',
  typebotUnknownMessage: 'Não entendi.',
  ...extra,
});

const privateNotes = async (ticketId: number) =>
  (
    await t.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.isPrivate, true)))
      .orderBy(asc(messages.id))
  ).map((m) => m.body);

test('typebot node: the chat starts on reaching it, two turns in its session (replies spaced by its delay), the finish keyword goes on to the next node', async () => {
  const { customer } = await flowWith('typebot', () => typebotNode());
  bot.on('POST /api/v1/typebots/pedidos/startChat', (req, res) => {
    expect(req.json().prefilledVariables).toMatchObject({ number: customer.number, pushName: 'Cliente' });
    json(res, 200, { sessionId: 'sessao-1', messages: [richText('Olá! Qual é o seu nome?')], input: { type: 'text input' } });
  });
  bot.on('POST /api/v1/sessions/sessao-1/continueChat', (req, res) => {
    const text = req.json().message.text as string;
    if (text === 'Ana') return json(res, 200, { messages: [richText('Prazer, Ana! Qual é o pedido?')], input: { type: 'text input' } });
    json(res, 200, { messages: [richText(`Anotado: ${text}.`), richText('Digite sair para terminar.')], input: { type: 'text input' } });
  });

  expect(await customer.write('Robô')).toEqual(['Olá! Qual é o seu nome?']);
  expect(await customer.write('Ana')).toEqual(['Prazer, Ana! Qual é o pedido?']);
  expect(await customer.write('Pedido 42')).toEqual(['Anotado: Pedido 42.']);
  expect(await customer.after(2)).toEqual(['Digite sair para terminar.']);

  const ticket = await customer.ticket();
  const [waiting] = await runsOf(t, ticket.id);
  expect(waiting).toMatchObject({ status: 'waiting', waitingFor: 'typebot', botSession: { sessionId: 'sessao-1' } });
  // A second delivery of the turn just answered finds the run moved on: the bot is not asked again, nothing is sent.
  const [last] = await t.database.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)))
    .orderBy(desc(messages.id))
    .limit(1);
  const asked = bot.requests.length;
  await runFlowBotTurn(jobDepsOf(t), { runId: waiting.id, version: waiting.version - 1, messageId: last.id, attempt: 1 });
  await t.jobs.drain();
  expect(bot.requests).toHaveLength(asked);
  expect(await customer.received()).toEqual([]);

  expect(await customer.write('SAIR')).toEqual(['De volta ao fluxo.']);
  expect(bot.requests.map((r) => r.path)).toEqual([
    '/api/v1/typebots/pedidos/startChat',
    '/api/v1/sessions/sessao-1/continueChat',
    '/api/v1/sessions/sessao-1/continueChat',
  ]);
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'done', endReason: 'done', botSession: null });
});

test('typebot node: a Typebot flow that ends (no input pending) leaves the node after its last reply; one with nowhere to go hands over', async () => {
  const { customer } = await flowWith('typebot', () => typebotNode());
  bot.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) =>
    json(res, 200, { sessionId: 'sessao-9', messages: [richText('Horário: 8h às 18h.'), richText('Até logo!')] }),
  );
  expect(await customer.write('robo')).toEqual(['Horário: 8h às 18h.']);
  // The next node waits for the bot's last reply (2 s later) instead of overtaking it.
  expect(await customer.after(2)).toEqual(['Até logo!']);
  expect(await customer.after(1)).toEqual(['De volta ao fluxo.']);

  const alone = await flowWith('typebot', () => typebotNode(), false);
  bot.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) => json(res, 200, { sessionId: 'sessao-10', messages: [] }));
  expect(await alone.customer.write('robo')).toEqual([HANDOFF_TEXT]);
  expect(await alone.customer.ticket()).toMatchObject({ status: 'pending', userId: null, isBot: false });
  expect(await alone.customer.logTypes()).toContain('integrationHandoff');
});

test('typebot node answering 5xx is tried again, then logged on the ticket and the customer handed to the queue', async () => {
  const { customer } = await flowWith('typebot', () => typebotNode());
  let calls = 0;
  bot.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) => {
    calls += 1;
    json(res, 503, {});
  });
  expect(await customer.write('robo')).toEqual([]);
  expect(await customer.after(5)).toEqual([]);
  expect(await customer.after(30)).toEqual([HANDOFF_TEXT]);
  expect(calls).toBe(3);

  const ticket = await customer.ticket();
  expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false });
  expect(await customer.logTypes()).toContain('integrationFailed');
  const [note] = await privateNotes(ticket.id);
  expect(note).toContain('o bloco TypeBot "Pedidos" falhou: o serviço não respondeu após várias tentativas (typebot answered 503)');
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'stopped', endReason: 'typebot-failed' });
  // The flow is over for this ticket: the next message is the agents', not the bot's.
  expect(await customer.write('alô?')).toEqual([]);
  expect(calls).toBe(3);
});

test('typebot node: a late answer after a 5xx still reaches the customer', async () => {
  const { customer } = await flowWith('typebot', () => typebotNode());
  let calls = 0;
  bot.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) =>
    ++calls < 2 ? json(res, 502, {}) : json(res, 200, { sessionId: 's', messages: [richText('Enfim!')], input: { type: 'text input' } }),
  );
  expect(await customer.write('robo')).toEqual([]);
  expect(await customer.after(5)).toEqual(['Enfim!']);
  const [run] = await runsOf(t, (await customer.ticket()).id);
  expect(run).toMatchObject({ status: 'waiting', waitingFor: 'typebot', botSession: { sessionId: 's' } });
});

const completions = () => bot.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.json());

/** Answers "Resposta N" to each chat completion; 401 for any key but sk-certa. */
function assistantAnswering(reply: (text: string) => string = () => '') {
  let n = 0;
  bot.on('POST /v1/chat/completions', (req, res) => {
    if (req.headers.authorization !== 'Bearer sk-certa') return json(res, 401, { error: { message: 'Incorrect API key provided' } });
    const text = reply((req.json().messages as { content: string }[]).at(-1)?.content ?? '') || `Resposta ${++n}`;
    json(res, 200, { choices: [{ message: { role: 'assistant', content: text } }] });
  });
}

const openAiNode = (queues: { suporte: number }, extra: Record<string, unknown> = {}) => ({
  name: 'Assistente',
  prompt: 'Você é o assistente da Padaria Pão Quente. Responda com educação e em poucas frases.',
  apiKey: 'sk-certa',
  model: 'modelo-do-bloco',
  temperature: 0.3,
  maxTokens: 60,
  maxMessages: 3,
  voice: 'texto',
  queueId: queues.suporte,
  ...extra,
});

test('openai node: answers the message that reached it and each next one, then "quero falar com atendente" hands the customer to its queue', async () => {
  const { customer, suporte } = await flowWith('openai', (q) => openAiNode(q));
  assistantAnswering();
  expect(await customer.write('Assistente')).toEqual(['Resposta 1']);
  expect(await customer.write('Qual é o horário?')).toEqual(['Resposta 2']);
  expect(await customer.write('Tem pão de queijo?')).toEqual(['Resposta 3']);
  expect(await customer.write('quero falar com atendente')).toEqual([HANDOFF_TEXT]);

  const sent = completions();
  expect(sent).toHaveLength(3);
  expect(sent[2]).toMatchObject({ model: 'modelo-do-bloco', temperature: 0.3, max_tokens: 60 });
  expect(sent[2].messages[0].role).toBe('system');
  expect(sent[2].messages[0].content).toContain('Padaria Pão Quente');
  // maxMessages 3: the last three messages of the conversation, the customer's newest last.
  expect(sent[2].messages.slice(1)).toEqual([
    { role: 'user', content: 'Qual é o horário?' },
    { role: 'assistant', content: 'Resposta 2' },
    { role: 'user', content: 'Tem pão de queijo?' },
  ]);
  const ticket = await customer.ticket();
  expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false, queueId: suporte.id });
  expect(await customer.logTypes()).toContain('integrationHandoff');
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'stopped', endReason: 'openai-handoff' });
  expect(await customer.write('olá?')).toEqual([]);
});

test('openai node: the assistant asking for a human hands over with its own farewell, the marker never sent', async () => {
  const { customer } = await flowWith('openai', (q) => openAiNode(q));
  assistantAnswering((text) => (text.includes('reclamação') ? `Vou chamar um colega. ${HANDOFF_MARKER}` : ''));
  expect(await customer.write('assistente')).toEqual(['Resposta 1']);
  expect(await customer.write('Tenho uma reclamação')).toEqual(['Vou chamar um colega.']);
  expect(await customer.logTypes()).toContain('integrationHandoff');
});

test('openai node with an invalid API key: logged on the ticket with a clear note, the customer handed to a human, nothing retried', async () => {
  const { customer, suporte } = await flowWith('openai', (q) => openAiNode(q, { apiKey: 'sk-errada' }));
  assistantAnswering();
  expect(await customer.write('assistente')).toEqual([HANDOFF_TEXT]);
  expect(completions()).toHaveLength(1);
  const ticket = await customer.ticket();
  expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false, queueId: suporte.id });
  expect(await privateNotes(ticket.id)).toEqual([
    'Fluxo: o bloco OpenAI "Assistente" falhou: a chave de API foi recusada (inválida ou sem acesso). O atendimento foi passado para um atendente.',
  ]);
  expect(await customer.logTypes()).toContain('integrationFailed');
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'stopped', endReason: 'openai-failed' });
  expect(await customer.after(60)).toEqual([]);
});

test('a bot node stops talking once an agent accepts the ticket', async () => {
  const { customer, admin, vendas } = await flowWith('openai', (q) => openAiNode(q));
  assistantAnswering();
  expect(await customer.write('assistente')).toEqual(['Resposta 1']);
  const ticket = await customer.ticket();
  const res = await (await t.as(admin)).put(`/tickets/${ticket.id}`, { status: 'open', userId: admin.id, queueId: vendas.id });
  expect(res.statusCode, res.body).toBe(200);
  expect(await customer.write('Ainda está aí?')).toEqual([]);
  expect(completions()).toHaveLength(1);
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'stopped', endReason: 'human' });
});

/** Turns a plan switch off for the company (the super user's plan edit, written directly). */
async function withoutSwitch(companyId: number, feature: 'useOpenAi' | 'useIntegrations') {
  const [company] = await t.database.db.select({ planId: companies.planId }).from(companies).where(eq(companies.id, companyId));
  await t.database.db
    .update(plans)
    .set({ [feature]: false })
    .where(eq(plans.id, company.planId as number));
}

test('a plan without useOpenAi: the OpenAI node is never called, the customer goes to the node queue as on its own handoff', async () => {
  const { admin, customer, suporte } = await flowWith('openai', (q) => openAiNode(q));
  assistantAnswering();
  await withoutSwitch(admin.companyId, 'useOpenAi');
  expect(await customer.write('assistente')).toEqual([HANDOFF_TEXT]);
  expect(completions()).toHaveLength(0);
  const ticket = await customer.ticket();
  expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false, queueId: suporte.id });
  expect(await privateNotes(ticket.id)).toEqual([
    'Fluxo: o bloco OpenAI "Assistente" não faz parte do plano da empresa. O atendimento foi passado para um atendente.',
  ]);
  expect(await customer.logTypes()).toContain('integrationHandoff');
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'stopped', endReason: 'openai-plan' });
  expect(await customer.write('olá?')).toEqual([]);
});

test('a plan that loses useIntegrations mid-chat: the Typebot node stops at the next message and a human takes over', async () => {
  const { admin, customer } = await flowWith('typebot', () => typebotNode());
  bot.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) =>
    json(res, 200, { sessionId: 'sessao-p', messages: [richText('Olá! Qual é o seu nome?')], input: { type: 'text input' } }),
  );
  expect(await customer.write('robo')).toEqual(['Olá! Qual é o seu nome?']);
  await withoutSwitch(admin.companyId, 'useIntegrations');
  expect(await customer.write('Ana')).toEqual([HANDOFF_TEXT]);
  expect(bot.requests.map((r) => r.path)).toEqual(['/api/v1/typebots/pedidos/startChat']);
  const ticket = await customer.ticket();
  expect(ticket).toMatchObject({ status: 'pending', userId: null, isBot: false });
  const [run] = await runsOf(t, ticket.id);
  expect(run).toMatchObject({ status: 'stopped', endReason: 'typebot-plan', botSession: null });
});
