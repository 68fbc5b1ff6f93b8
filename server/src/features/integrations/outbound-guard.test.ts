// Outbound guard test, queue integrations: every address a tenant types here (webhook and n8n URLs, the
// Typebot address, the token_uri in a Dialogflow key) is driven at a loopback listener, at a public-looking
// name that resolves inside, and at an allowed host that redirects inside. None reaches the listener: the
// turn fails as an ordinary refused integration (logged, the customer handed to the queue), and nothing
// of the inside answer is sent or stored. The host the operator allowed is reached.
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, expect, test, vi } from 'vitest';
import { messages } from '../../db/schema';
import { parseAllowList } from '../../http/outbound/allow-list';
import { botCustomer } from '../../test/bot-customer';
import { answerNames } from '../../test/fake-dns';
import { fakeServer, fakeServiceAccount, json } from '../../test/fake-http-server';
import { useTestApp } from '../../test/harness';
import { simulatorConnection } from '../../test/simulator';
import { HANDOFF_TEXT } from './runtime/texts';

/** The inside service (an admin panel, a metadata endpoint): whatever it is asked, it answers a secret. */
const inside = await fakeServer();
/** hooks.example.com, the one host the operator allowed: its /to-inside/... redirects inside. */
const hooks = await fakeServer();
const google = await fakeServer();
const SECRET = 'segredo interno';
const port = (server: { url: string }) => new URL(server.url).port;

let names: ReturnType<typeof answerNames>;
beforeEach(() => {
  names = answerNames({ 'hooks.example.com': ['127.0.0.1'], 'bots.example.com': ['127.0.0.1'] });
  for (const route of ['POST *', 'POST /*/*', 'POST /api/v1/typebots/*/startChat'])
    inside.on(route, (_req, res) => json(res, 200, { messages: [SECRET], sessionId: 's', access_token: SECRET }));
  hooks.on('POST /to-inside/*', (req, res) => void res.writeHead(307, { location: `${inside.url}/${req.path.split('/')[2]}` }).end());
  hooks.on(
    'POST /to-inside/api/v1/typebots/*/startChat',
    (req, res) => void res.writeHead(307, { location: `${inside.url}${req.path.replace('/to-inside', '')}` }).end(),
  );
});
afterEach(() => {
  names.mockRestore();
  vi.restoreAllMocks();
  inside.reset();
  hooks.reset();
  google.reset();
});
afterAll(async () => {
  await inside.close();
  await hooks.close();
  await google.close();
});

const t = useTestApp({
  outbound: { allowedHosts: parseAllowList('hooks.example.com') },
  integrations: { timeoutMs: 1500, dialogflowApiUrl: google.url, ttsProvider: 'openai', ttsBaseUrl: null },
});

/** The three ways inside, for a path `/x` on the inside service. */
const insideAddresses = (path: string) => [
  `http://127.0.0.1:${port(inside)}${path}`,
  `http://bots.example.com:${port(inside)}${path}`,
  `http://hooks.example.com:${port(hooks)}/to-inside${path}`,
];

async function served(body: Record<string, unknown>) {
  const owner = await t.factory.admin();
  const created = await (await t.as(owner)).post('/queueIntegration', body);
  expect(created.statusCode, created.body).toBe(200);
  const queue = await t.factory.queue(owner.companyId, { integrationId: created.json().id, greetingMessage: '' });
  const connection = await simulatorConnection(t, owner, { queueIds: [queue.id], greetingMessage: '' });
  return { owner, queue, customer: botCustomer(t, connection) };
}

/** The turn failed as a refused integration: handed over at once (no retry), logged with the address. */
async function expectRefusedTurn(customer: ReturnType<typeof botCustomer>, warn: ReturnType<typeof vi.spyOn>) {
  expect(await customer.write('oi')).toEqual([HANDOFF_TEXT]);
  expect(await customer.ticket()).toMatchObject({ useIntegration: false, status: 'pending', userId: null });
  expect(await customer.logTypes()).toContain('integrationFailed');
  const logged = warn.mock.calls.find(([, text]) => text === 'bot failed; ticket handed to its queue');
  const { err } = (logged?.[0] ?? {}) as { err?: Error };
  expect(err).toMatchObject({ name: 'BotAddressRefused' });
  expect(err?.message).toMatch(/is not a public address \(loopback\); OUTBOUND_ALLOWED_HOSTS can allow it$/);
  warn.mockClear();
}

/** The inside service got nothing, nothing it says is stored; the allowed host was asked (and redirected) at `redirected`. */
async function expectNothingInside(redirected: string[]) {
  expect(hooks.requests.map((r) => r.path)).toEqual(redirected);
  expect(inside.requests).toEqual([]);
  expect(
    await t.database.db
      .select()
      .from(messages)
      .where(like(messages.body, `%${SECRET}%`)),
  ).toEqual([]);
}

test('webhook and n8n: a URL inside is never called, the turn fails as a refused integration', async () => {
  const warn = vi.spyOn(t.app.log, 'warn');
  for (const [i, url] of insideAddresses('/internal').entries()) {
    const { customer } = await served({ type: i === 1 ? 'n8n' : 'webhook', name: `Interno ${i}`, urlN8N: url });
    await expectRefusedTurn(customer, warn);
  }
  await expectNothingInside(['/to-inside/internal']);
});

test('the host the operator allowed is reached, and its answer goes to the customer', async () => {
  hooks.on('POST /hook', (_req, res) => json(res, 200, { messages: ['Olá do n8n'] }));
  const { customer } = await served({ type: 'n8n', name: 'n8n local', urlN8N: `http://hooks.example.com:${port(hooks)}/hook` });
  expect(await customer.write('oi')).toEqual(['Olá do n8n']);
  expect(hooks.requests.map((r) => r.path)).toEqual(['/hook']);
});

test('typebot: an address inside is never called', async () => {
  const warn = vi.spyOn(t.app.log, 'warn');
  for (const [i, base] of insideAddresses('').entries()) {
    const { customer } = await served({ type: 'typebot', name: `Typebot ${i}`, urlN8N: base, typebotSlug: 'pedidos' });
    await expectRefusedTurn(customer, warn);
  }
  await expectNothingInside(['/to-inside/api/v1/typebots/pedidos/startChat']);
});

test('dialogflow: a token_uri inside (in the pasted key) is never called, neither by a turn nor by the test session', async () => {
  google.on('POST /v2/projects/agente/agent/sessions/*', (_req, res) => json(res, 200, { queryResult: { fulfillmentText: 'nunca' } }));
  const warn = vi.spyOn(t.app.log, 'warn');
  for (const [i, tokenUri] of insideAddresses('/token').entries()) {
    const jsonContent = fakeServiceAccount(tokenUri);
    const { owner, customer } = await served({ type: 'dialogflow', name: `Agente ${i}`, projectName: 'agente', jsonContent });
    await expectRefusedTurn(customer, warn);
    const test = await (await t.as(owner)).post('/queueIntegration/testSession', { projectName: 'agente', jsonContent, language: 'pt-BR' });
    expect(test.statusCode).toBe(400);
    expect(test.json()).toEqual({ error: 'ERR_INTEGRATION_TEST_FAILED' });
  }
  expect(google.requests).toEqual([]);
  await expectNothingInside(['/to-inside/token', '/to-inside/token']);
});
