// Outbound guard test, queue integrations: every address a tenant types here (webhook and n8n URLs, the
// Typebot address, the token_uri in a Dialogflow key) is driven at a loopback listener, at a public-looking
// name that resolves inside, and at an allowed host that redirects inside. None reaches the listener: the
// turn fails as an ordinary refused integration (logged, the customer handed to the queue), and nothing
// of the inside answer is sent or stored. The host the operator allowed is reached.
import { afterAll, afterEach, expect, type MockInstance, test, vi } from 'vitest';
import { botCustomer } from '../../test/bot-customer';
import { fakeServer, fakeServiceAccount, json } from '../../test/fake-http-server';
import { useTestApp } from '../../test/harness';
import { allowingHooksOnly, useInsideNetwork } from '../../test/inside-network';
import { simulatorConnection } from '../../test/simulator';
import { HANDOFF_TEXT } from './runtime/texts';

const net = await useInsideNetwork();
const google = await fakeServer();
afterEach(() => {
  vi.restoreAllMocks();
  google.reset();
});
afterAll(() => google.close());

const t = useTestApp({
  outbound: allowingHooksOnly,
  integrations: { timeoutMs: 1500, dialogflowApiUrl: google.url, ttsProvider: 'openai', ttsBaseUrl: null },
});

async function served(body: Record<string, unknown>) {
  const owner = await t.factory.admin();
  const created = await (await t.as(owner)).post('/queueIntegration', body);
  expect(created.statusCode, created.body).toBe(200);
  const queue = await t.factory.queue(owner.companyId, { integrationId: created.json().id, greetingMessage: '' });
  const connection = await simulatorConnection(t, owner, { queueIds: [queue.id], greetingMessage: '' });
  return { owner, queue, customer: botCustomer(t, connection) };
}

/** The turn failed as a refused integration: handed over at once (no retry), logged with the address. */
async function expectRefusedTurn(customer: ReturnType<typeof botCustomer>, warn: MockInstance) {
  expect(await customer.write('oi')).toEqual([HANDOFF_TEXT]);
  expect(await customer.ticket()).toMatchObject({ useIntegration: false, status: 'pending', userId: null });
  expect(await customer.logTypes()).toContain('integrationFailed');
  const logged = warn.mock.calls.find((call) => call[1] === 'bot failed; ticket handed to its queue');
  const { err } = (logged?.[0] ?? {}) as { err?: Error };
  expect(err).toMatchObject({ name: 'BotAddressRefused' });
  expect(err?.message).toMatch(/is not a public address \(loopback\); OUTBOUND_ALLOWED_HOSTS can allow it$/);
  warn.mockClear();
}

test('webhook and n8n: a URL inside is never called, the turn fails as a refused integration', { timeout: 120_000 }, async () => {
  const warn = vi.spyOn(t.app.log, 'warn');
  for (const [i, url] of net.addresses('/internal').entries()) {
    const { customer } = await served({ type: i === 1 ? 'n8n' : 'webhook', name: `Interno ${i}`, urlN8N: url });
    await expectRefusedTurn(customer, warn);
  }
  await net.expectNothingInside(t, ['/to-inside/internal']);
});

test('the host the operator allowed is reached, and its answer goes to the customer', async () => {
  net.hooks.on('POST /hook', (_req, res) => json(res, 200, { messages: ['Olá do n8n'] }));
  const { customer } = await served({ type: 'n8n', name: 'n8n local', urlN8N: `${net.hooksUrl()}/hook` });
  expect(await customer.write('oi')).toEqual(['Olá do n8n']);
  expect(net.hooks.requests.map((r) => r.path)).toEqual(['/hook']);
});

test('typebot: an address inside is never called', { timeout: 120_000 }, async () => {
  const warn = vi.spyOn(t.app.log, 'warn');
  for (const [i, base] of net.addresses('').entries()) {
    const { customer } = await served({ type: 'typebot', name: `Typebot ${i}`, urlN8N: base, typebotSlug: 'pedidos' });
    await expectRefusedTurn(customer, warn);
  }
  await net.expectNothingInside(t, ['/to-inside/api/v1/typebots/pedidos/startChat']);
});

test('dialogflow: a token_uri inside (in the pasted key) is never called, neither by a turn nor by the test session', {
  timeout: 120_000,
}, async () => {
  google.on('POST /v2/projects/agente/agent/sessions/*', (_req, res) => json(res, 200, { queryResult: { fulfillmentText: 'nunca' } }));
  const warn = vi.spyOn(t.app.log, 'warn');
  for (const [i, tokenUri] of net.addresses('/token').entries()) {
    const jsonContent = fakeServiceAccount(tokenUri);
    const { owner, customer } = await served({ type: 'dialogflow', name: `Agente ${i}`, projectName: 'agente', jsonContent });
    await expectRefusedTurn(customer, warn);
    const test = await (await t.as(owner)).post('/queueIntegration/testSession', { projectName: 'agente', jsonContent, language: 'pt-BR' });
    expect(test.statusCode).toBe(400);
    expect(test.json()).toEqual({ error: 'ERR_INTEGRATION_TEST_FAILED' });
  }
  expect(google.requests).toEqual([]);
  await net.expectNothingInside(t, ['/to-inside/token', '/to-inside/token']);
});
