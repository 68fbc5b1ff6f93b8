import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { plans, prompts } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const PROMPT_TEXT = 'Você é o assistente da Padaria Pão Quente. Responda com educação e em poucas frases.';
const body = (queueId: number, extra: Record<string, unknown> = {}) => ({
  name: 'Assistente de vendas',
  apiKey: 'sk-segredo-123',
  prompt: PROMPT_TEXT,
  queueId,
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  ...extra,
});
const fieldsOf = (res: { json(): { fields: { field: string; message: string }[] } }) => res.json().fields.map((f) => [f.field, f.message]);

test('an admin creates, lists, reads, edits and deletes prompts; the API key is never sent back; each change is announced', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const queue = await t.factory.queue(admin.companyId, { name: 'Vendas' });
  const created = await api.post('/prompt', body(queue.id));
  expect(created.statusCode, created.body).toBe(200);
  const prompt = created.json();
  expect(prompt).toMatchObject({
    name: 'Assistente de vendas',
    queueId: queue.id,
    queue: { name: 'Vendas' },
    hasApiKey: true,
    voice: 'texto',
  });
  expect(created.body).not.toContain('sk-segredo-123');
  expect(JSON.stringify(t.sent)).not.toContain('sk-segredo-123');

  const list = await api.get('/prompt');
  expect(list.json().prompts.map((p: { id: number }) => p.id)).toEqual([prompt.id]);
  expect(list.body).not.toContain('sk-segredo-123');
  expect((await api.get(`/prompt/${prompt.id}`)).body).not.toContain('sk-segredo-123');

  // Saved again without a key (the modal never has it): the stored key stays; with one, it is replaced.
  const edited = await api.put(
    `/prompt/${prompt.id}`,
    body(queue.id, { apiKey: '', name: 'Assistente novo', voice: 'pt-BR-FranciscaNeural' }),
  );
  expect(edited.statusCode, edited.body).toBe(200);
  expect(edited.json()).toMatchObject({ name: 'Assistente novo', voice: 'pt-BR-FranciscaNeural', hasApiKey: true });
  const read = async () => (await t.database.db.select().from(prompts).where(eq(prompts.id, prompt.id)))[0].apiKey;
  expect(await read()).toBe('sk-segredo-123');
  await api.put(`/prompt/${prompt.id}`, body(queue.id, { apiKey: 'sk-nova' }));
  expect(await read()).toBe('sk-nova');

  // The voice key (Azure speech) is a secret too: a flag, kept when left empty, replaced when given.
  await api.put(`/prompt/${prompt.id}`, body(queue.id, { apiKey: '', voiceKey: 'azure-segredo-voz', voiceRegion: 'brazilsouth' }));
  const withVoice = await api.put(`/prompt/${prompt.id}`, body(queue.id, { apiKey: '', voiceKey: '', voiceRegion: 'brazilsouth' }));
  expect(withVoice.json()).toMatchObject({ hasVoiceKey: true, voiceRegion: 'brazilsouth' });
  expect(withVoice.json()).not.toHaveProperty('voiceKey');
  const [stored] = await t.database.db.select().from(prompts).where(eq(prompts.id, prompt.id));
  expect(stored.voiceKey).toBe('azure-segredo-voz');
  for (const res of [withVoice, await api.get('/prompt'), await api.get(`/prompt/${prompt.id}`)])
    expect(res.body).not.toContain('azure-segredo');
  expect(JSON.stringify(t.sent)).not.toContain('azure-segredo');

  expect((await api.delete(`/prompt/${prompt.id}`)).statusCode).toBe(200);
  expect((await api.get(`/prompt/${prompt.id}`)).statusCode).toBe(404);
  expect(
    t.sent.filter((e) => e.event === `company-${admin.companyId}-prompt`).map((e) => (e.payload as { action: string }).action),
  ).toEqual(['create', 'update', 'update', 'update', 'update', 'delete']);
});

test('the modal rules: name 5 to 100, prompt at least 50, key required, and "Informe o setor" without a queue', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const queue = await t.factory.queue(admin.companyId);
  expect(fieldsOf(await api.post('/prompt', body(queue.id, { name: 'Ana', prompt: 'curto', apiKey: '' })))).toEqual([
    ['name', 'Muito curto!'],
    ['apiKey', 'Obrigatório'],
    ['prompt', 'O prompt deve ter pelo menos 50 caracteres'],
  ]);
  expect(fieldsOf(await api.post('/prompt', body(queue.id, { queueId: '' })))).toEqual([['queueId', 'Informe o setor']]);
  expect(fieldsOf(await api.post('/prompt', body(queue.id, { temperature: 3, maxTokens: 0, voice: 'robô' })))).toEqual([
    ['voice', 'Obrigatório'],
    ['temperature', 'Deve ser um número'],
    ['maxTokens', 'Deve ser um número'],
  ]);
  // Another company's queue is no queue of this company.
  const foreign = await t.factory.queue((await t.factory.company()).id);
  const res = await api.post('/prompt', body(foreign.id));
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe('ERR_INTEGRATION_INVALID_QUEUE');
});

test("another company's prompt is a 404; a user profile gets 403; a plan without OpenAI 403", async () => {
  const owner = await t.factory.admin();
  const queue = await t.factory.queue(owner.companyId);
  const theirs = (await (await t.as(owner)).post('/prompt', body(queue.id))).json();
  const stranger = await t.as(await t.factory.admin());
  expect((await stranger.get(`/prompt/${theirs.id}`)).statusCode).toBe(404);
  expect((await stranger.put(`/prompt/${theirs.id}`, body(queue.id))).statusCode).toBe(404);
  expect((await stranger.delete(`/prompt/${theirs.id}`)).statusCode).toBe(404);
  expect((await stranger.get('/prompt')).json().prompts).toEqual([]);

  const user = await t.as(await t.factory.user({ companyId: owner.companyId, profile: 'user' }));
  for (const res of [
    await user.get('/prompt'),
    await user.get(`/prompt/${theirs.id}`),
    await user.post('/prompt', body(queue.id)),
    await user.put(`/prompt/${theirs.id}`, body(queue.id)),
    await user.delete(`/prompt/${theirs.id}`),
  ])
    expect(res.statusCode).toBe(403);

  const plan = await t.factory.plan();
  await t.database.db.update(plans).set({ useOpenAi: false }).where(eq(plans.id, plan.id));
  const company = await t.factory.company({ planId: plan.id });
  const res = await (await t.as(await t.factory.admin({ companyId: company.id }))).get('/prompt');
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
});
