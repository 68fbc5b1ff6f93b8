import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { flows, plans } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { edge, node } from './testing';

const t = useTestApp();

/** An admin with an empty flow, on a plan with the given switches. */
async function adminWithFlow(switches: { useOpenAi?: boolean; useIntegrations?: boolean } = {}) {
  const plan = await t.factory.plan(switches);
  const company = await t.factory.company({ planId: plan.id });
  const admin = await t.factory.admin({ companyId: company.id });
  const api = await t.as(admin);
  const { id } = (await api.post('/flowbuilder', { name: 'Atendimento' })).json();
  return { admin, api, id, plan };
}

const openAi = (data: Record<string, unknown>) => node('openai', 'openai', { name: 'Assistente', prompt: 'Seja gentil.', ...data });
const typebot = () => node('typebot', 'typebot', { name: 'Pedidos', urlN8N: 'https://typebot.example', typebotSlug: 'pedidos' });

function drawing(...bots: ReturnType<typeof node>[]) {
  const start = node('start', 'start', { label: 'Inicio do fluxo' });
  return { nodes: [start, ...bots], connections: bots.map((b) => edge(start, b)) };
}

const storedData = async (flowId: number, nodeId: string) => {
  const [row] = await t.database.db.select().from(flows).where(eq(flows.id, flowId));
  return row.flow?.nodes.find((n) => n.id === nodeId)?.data;
};

test('a plan without useOpenAi refuses a drawing with an OpenAI node, and without useIntegrations one with a Typebot node', async () => {
  const noAi = await adminWithFlow({ useOpenAi: false });
  const refused = await noAi.api.post('/flowbuilder/flow', { idFlow: noAi.id, ...drawing(openAi({ apiKey: 'sk-1' })) });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED', nodeId: openAi({}).id });
  // The Typebot node is the other switch's: this plan keeps it.
  expect((await noAi.api.post('/flowbuilder/flow', { idFlow: noAi.id, ...drawing(typebot()) })).statusCode).toBe(200);

  const noIntegrations = await adminWithFlow({ useIntegrations: false });
  const res = await noIntegrations.api.post('/flowbuilder/flow', { idFlow: noIntegrations.id, ...drawing(typebot()) });
  expect([res.statusCode, res.json().error]).toEqual([403, 'ERR_PLAN_FEATURE_DISABLED']);
  const [row] = await t.database.db.select().from(flows).where(eq(flows.id, noIntegrations.id));
  expect(row.flow).toBeNull();

  // The switch turned on again (the super user's plan edit): the same drawing saves.
  await t.database.db.update(plans).set({ useIntegrations: true }).where(eq(plans.id, noIntegrations.plan.id));
  expect((await noIntegrations.api.post('/flowbuilder/flow', { idFlow: noIntegrations.id, ...drawing(typebot()) })).statusCode).toBe(200);
});

test("an OpenAI node's keys are write-only: the editor gets flags, a save without them keeps them, a new value replaces them", async () => {
  const { api, id } = await adminWithFlow();
  const first = openAi({ apiKey: 'sk-segredo-do-bloco', voiceKey: 'azure-segredo' });
  const saved = await api.post('/flowbuilder/flow', { idFlow: id, ...drawing(first) });
  expect(saved.statusCode).toBe(200);
  expect(saved.body).not.toContain('segredo');
  const read = await api.get(`/flowbuilder/flow/${id}`);
  expect(read.body).not.toContain('segredo');
  const readNode = read.json().flow.flow.nodes.find((n: { id: string }) => n.id === first.id);
  expect(readNode.data).toMatchObject({ name: 'Assistente', hasApiKey: true, hasVoiceKey: true });
  expect(readNode.data).not.toHaveProperty('apiKey');

  // The editor sends back what it read (flags, no keys) with another prompt: the keys stay, the flags are not stored.
  await api.post('/flowbuilder/flow', { idFlow: id, ...drawing({ ...readNode, data: { ...readNode.data, prompt: 'Novo prompt.' } }) });
  expect(await storedData(id, first.id)).toEqual({
    name: 'Assistente',
    prompt: 'Novo prompt.',
    apiKey: 'sk-segredo-do-bloco',
    voiceKey: 'azure-segredo',
  });

  // An empty key also keeps the stored one; a new one replaces it.
  await api.post('/flowbuilder/flow', { idFlow: id, ...drawing(openAi({ apiKey: '', voiceKey: 'azure-nova' })) });
  expect(await storedData(id, first.id)).toMatchObject({ apiKey: 'sk-segredo-do-bloco', voiceKey: 'azure-nova' });
  await api.post('/flowbuilder/flow', { idFlow: id, ...drawing(openAi({ apiKey: 'sk-outra' })) });
  expect(await storedData(id, first.id)).toMatchObject({ apiKey: 'sk-outra', voiceKey: 'azure-nova' });

  // A node of another id never inherits a key; a node without one answers hasApiKey false.
  const other = { ...openAi({}), id: 'outro'.padEnd(30, 'x') };
  await api.post('/flowbuilder/flow', { idFlow: id, ...drawing(other) });
  expect(await storedData(id, other.id)).not.toHaveProperty('apiKey');
  const flags = (await api.get(`/flowbuilder/flow/${id}`)).json().flow.flow.nodes[1].data;
  expect([flags.hasApiKey, flags.hasVoiceKey]).toEqual([false, false]);
});
