import { SECRET_SETTING_KEYS } from '@chatflow/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect, test } from 'vitest';
import { ownCloudNumber, serveMessageTemplates, useFakeGraph } from '../test/fake-graph';
import { type Requester, useTestApp } from '../test/harness';
import { admitsNumber } from './fuzz/json-schema';
import { type Operation, operationsOf, urlOf } from './fuzz/operations';
import { sampleOf } from './fuzz/samples';

/**
 * The secrets walk: a known, distinct value goes into every secret the API accepts (and every secret of
 * the configuration), then every GET route of the OpenAPI document is called, its path parameters filled
 * with the seeded rows' ids, as the super user and as an admin and a user of the company and of another
 * company. No answer may carry a value. The one secret the spec shows is the connection token (spec 2 §3:
 * "can be regenerated and copied"): it may reach the company's admin, and no one else.
 */
const mark = (field: string) => `walk${field.replace(/[^A-Za-z0-9]/g, '')}Z${Math.random().toString(36).slice(2, 10)}`;

const CONFIG_SECRETS = {
  smtpPass: mark('smtpPass'),
  openAiKey: mark('openAiEnvKey'),
  jwtSecret: mark('jwtSecret'),
  jwtRefreshSecret: mark('jwtRefreshSecret'),
  mercadoPagoWebhook: mark('mpWebhookSecret'),
  metricsToken: mark('metricsToken'),
};

const graph = useFakeGraph();
const t = useTestApp({
  meta: graph.meta,
  jwtSecret: CONFIG_SECRETS.jwtSecret,
  jwtRefreshSecret: CONFIG_SECRETS.jwtRefreshSecret,
  smtp: { host: '127.0.0.1', port: 2525, user: 'walk', pass: CONFIG_SECRETS.smtpPass, from: 'walk@example.com', secure: false },
  openAi: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: CONFIG_SECRETS.openAiKey, transcriptionModel: 'w', chatModel: 'c', speechModel: 's' },
  mercadoPago: { apiUrl: 'http://127.0.0.1:9', webhookSecret: CONFIG_SECRETS.mercadoPagoWebhook },
  metricsToken: CONFIG_SECRETS.metricsToken,
});

async function ok(res: Promise<LightMyRequestResponse>) {
  const done = await res;
  expect(done.statusCode, done.body).toBeLessThan(300);
  return done.json();
}

/** Seeds one company's secrets through the API; answers the values and the ids of the rows that hold them. */
async function seedCompany(api: Requester, companyId: number) {
  const values: Record<string, string> = {};
  const secret = (field: string) => {
    values[field] = mark(field);
    return values[field];
  };
  const queue = await t.factory.queue(companyId, { name: 'Walk' });
  await ok(api.put(`/queue/${queue.id}`, { token: secret('queueToken') }));
  const prompt = await ok(
    api.post('/prompt', {
      name: 'Assistente walk',
      apiKey: secret('promptApiKey'),
      voiceKey: secret('promptVoiceKey'),
      voiceRegion: 'brazilsouth',
      prompt: 'Você é o assistente de teste do walk de segredos. Responda com poucas palavras.',
      queueId: queue.id,
    }),
  );
  const flow = await ok(api.post('/flowbuilder', { name: 'Walk' }));
  const start = { id: 's'.repeat(30), position: { x: 0, y: 0 }, type: 'start', data: { label: 'Inicio do fluxo' } };
  const openai = {
    id: 'o'.repeat(30),
    position: { x: 240, y: 0 },
    type: 'openai',
    data: { name: 'IA', prompt: 'Seja breve.', apiKey: secret('flowNodeApiKey'), voiceKey: secret('flowNodeVoiceKey') },
  };
  await ok(
    api.post('/flowbuilder/flow', {
      idFlow: flow.id,
      nodes: [start, openai],
      connections: [{ id: 'e1', source: start.id, target: openai.id, sourceHandle: 'a' }],
    }),
  );
  const key = JSON.stringify({ client_email: 'walk@projeto.iam', private_key: secret('dialogflowPrivateKey') });
  const dialogflow = await ok(api.post('/queueIntegration', { type: 'dialogflow', name: 'Agente', projectName: 'walk', jsonContent: key }));
  const hook = await ok(api.post('/queueIntegration', { type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example.com/walk' }));
  values.webhookSigningSecret = (await ok(api.post(`/queueIntegration/${hook.id}/signingSecret`))).signingSecret;
  const phoneNumberId = String(900000000 + companyId);
  ownCloudNumber(graph.fake, phoneNumberId, secret('cloudApiToken'));
  const template = { type: 'BODY', text: 'Olá {{1}}' };
  serveMessageTemplates(graph.fake, String(800000000 + companyId), values.cloudApiToken, [
    { id: '9001', name: 'walk', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', components: [template] },
  ]);
  const cloud = await ok(
    api.post('/whatsapp', {
      name: 'Cloud walk',
      channel: 'whatsappapi',
      facebookPageUserId: phoneNumberId,
      wabaId: String(800000000 + companyId),
      tokenMeta: values.cloudApiToken,
    }),
  );
  const simulator = await ok(api.post('/whatsapp', { name: 'Simulador walk', provider: 'simulator' }));
  const agent = await ok(
    api.post('/users', { name: 'Agente walk', email: `walk-${companyId}@example.com`, password: secret('userPassword'), profile: 'user' }),
  );
  const ids = [queue.id, prompt.id, flow.id, dialogflow.id, hook.id, cloud.id, simulator.id, agent.id, companyId];
  return { values, ids, connectionToken: simulator.token as string };
}

/** The values a path or query parameter is tried with: the seeded ids for numbers, the secret settings' keys for texts. */
function candidatesFor(schema: Parameters<typeof sampleOf>[0], ids: number[]): string[] {
  if (admitsNumber(schema, 1)) return ids.map(String);
  return [String(sampleOf(schema)), ...SECRET_SETTING_KEYS, 'smtp', 'token'];
}

/** Each request of one GET route: candidate `i` in every path parameter, required query parameters sampled. */
function requestsOf(op: Operation, ids: number[]): string[] {
  const params = [...op.pathParams, ...op.queryParams.filter((p) => p.required || /^(key|column)$/.test(p.name))];
  const lists = params.map((p) => candidatesFor(p.schema, ids));
  const count = Math.max(1, ...lists.map((l) => l.length));
  return Array.from({ length: count }, (_, i) => {
    const pick = (j: number) => lists[j][i % lists[j].length];
    const path = Object.fromEntries(op.pathParams.map((p, j) => [p.name, pick(j)]));
    const query = Object.fromEntries(params.slice(op.pathParams.length).map((p, j) => [p.name, pick(op.pathParams.length + j)]));
    return urlOf(op, path, query);
  });
}

test('no GET route answers a seeded secret to anyone (the connection token only to its company admin)', { timeout: 900_000 }, async () => {
  const superUser = await t.factory.superUser();
  const superApi = await t.as(superUser);
  const settings: Record<string, string> = {};
  for (const key of SECRET_SETTING_KEYS) {
    settings[key] = mark(key);
    await ok(superApi.put(`/settings/${key}`, { value: settings[key] }));
  }

  const company = await t.factory.company();
  const admin = await t.factory.admin({ companyId: company.id });
  const user = await t.factory.user({ companyId: company.id, profile: 'user' });
  const adminApi = await t.as(admin);
  const seeded = await seedCompany(adminApi, company.id);
  const other = await t.factory.company();
  const otherAdmin = await t.factory.admin({ companyId: other.id });
  const otherUser = await t.factory.user({ companyId: other.id, profile: 'user' });
  const otherAdminApi = await t.as(otherAdmin);
  const otherSeeded = await seedCompany(otherAdminApi, other.id);

  const everywhere = { ...CONFIG_SECRETS, ...settings, ...seeded.values, ...otherSeeded.values };
  const actors: [string, Requester, string | null][] = [
    ['super', superApi, null],
    ['admin', adminApi, seeded.connectionToken],
    ['user', await t.as(user), null],
    ['other admin', otherAdminApi, otherSeeded.connectionToken],
    ['other user', await t.as(otherUser), null],
  ];
  const tokens = [seeded.connectionToken, otherSeeded.connectionToken];

  const ops = operationsOf((await t.anon.get('/docs/json')).json()).filter((op) => op.method === 'GET');
  expect(ops.length).toBeGreaterThan(60);
  const ids = [...seeded.ids, ...otherSeeded.ids, superUser.id, superUser.companyId];
  const leaks: string[] = [];
  let answered = 0;
  for (const op of ops) {
    for (const url of requestsOf(op, ids)) {
      for (const [who, api, ownToken] of actors) {
        const res = await api.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
        if (res.statusCode < 300) answered += 1;
        const body = res.body;
        for (const [field, value] of Object.entries(everywhere)) if (body.includes(value)) leaks.push(`${who} GET ${url}: ${field}`);
        for (const token of tokens) if (token !== ownToken && body.includes(token)) leaks.push(`${who} GET ${url}: a connection token`);
      }
    }
  }
  expect(leaks).toEqual([]);
  // The walk reached real rows: the seeded records were read back, not only refused.
  expect(answered).toBeGreaterThan(ops.length);
  // Nor did any realtime event carry one (the company's sockets include its agents).
  const events = JSON.stringify(t.sent);
  expect(Object.entries(everywhere).filter(([, value]) => events.includes(value))).toEqual([]);
  expect(tokens.filter((token) => events.includes(token))).toEqual([]);
});
