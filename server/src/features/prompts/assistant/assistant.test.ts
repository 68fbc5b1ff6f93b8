import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, expect, test } from 'vitest';
import { messages } from '../../../db/schema';
import { botCustomer } from '../../../test/bot-customer';
import { fakeServer, json } from '../../../test/fake-http-server';
import { useTestApp } from '../../../test/harness';
import { simulatorConnection } from '../../../test/simulator';
import { HANDOFF_TEXT } from '../../integrations';
import { ASSISTANT_INVALID_TOKEN } from './assistant-turn';
import { HANDOFF_MARKER } from './handoff';

/** A local OpenAI-compatible server: chat completions, speech and transcriptions. */
const openai = await fakeServer();
afterAll(() => openai.close());
afterEach(() => openai.reset());
const t = useTestApp({
  openAi: {
    baseUrl: `${openai.url}/v1`,
    apiKey: null,
    transcriptionModel: 'whisper-1',
    chatModel: 'modelo-local',
    speechModel: 'tts-local',
  },
  integrations: { timeoutMs: 1500, dialogflowApiUrl: openai.url, ttsProvider: 'openai', ttsBaseUrl: null },
});

const PROMPT_TEXT = 'Você é o assistente da Padaria Pão Quente. Responda com educação e em poucas frases.';

async function assisted(extra: Record<string, unknown> = {}) {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId, { greetingMessage: '' });
  const res = await (await t.as(admin)).post('/prompt', {
    name: 'Assistente padaria',
    apiKey: 'sk-certa',
    prompt: PROMPT_TEXT,
    queueId: queue.id,
    maxMessages: 3,
    temperature: 0.5,
    maxTokens: 80,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const connection = await simulatorConnection(t, admin, { queueIds: [queue.id], greetingMessage: '' });
  return { queue, customer: botCustomer(t, connection) };
}

const completions = () => openai.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.json());

/** Answers "Resposta N" to each chat completion, or what `reply` says; 401 for any key but sk-certa. */
function answering(reply: (userText: string) => string = () => '') {
  let n = 0;
  openai.on('POST /v1/chat/completions', (req, res) => {
    if (req.headers.authorization !== 'Bearer sk-certa') return json(res, 401, { error: { message: 'Incorrect API key provided' } });
    const messages = req.json().messages as { role: string; content: string }[];
    const text = reply(messages.at(-1)?.content ?? '') || `Resposta ${++n}`;
    json(res, 200, { choices: [{ message: { role: 'assistant', content: text } }] });
  });
}

test('a queue with a prompt: the assistant answers with the prompt, the model settings and the last maxMessages messages', async () => {
  const { customer } = await assisted();
  answering();
  expect(await customer.write('Bom dia')).toEqual(['Resposta 1']);
  expect(await customer.write('Tem pão de queijo?')).toEqual(['Resposta 2']);
  const [first, second] = completions();
  expect(first).toMatchObject({ model: 'modelo-local', temperature: 0.5, max_tokens: 80 });
  expect(first.messages[0].role).toBe('system');
  expect(first.messages[0].content).toContain(PROMPT_TEXT);
  expect(first.messages[0].content).toContain(HANDOFF_MARKER);
  // maxMessages 3: the last three messages of the ticket, oldest first.
  expect(second.messages.slice(1)).toEqual([
    { role: 'user', content: 'Bom dia' },
    { role: 'assistant', content: 'Resposta 1' },
    { role: 'user', content: 'Tem pão de queijo?' },
  ]);
  expect(await customer.ticket()).toMatchObject({ useIntegration: true, isBot: true });
});

test('the customer asking for a human, or the assistant writing the marker, hands the ticket to the queue', async () => {
  const { queue, customer } = await assisted();
  answering((text) => (text === 'quero cancelar' ? `Vou chamar um colega. ${HANDOFF_MARKER}` : ''));
  expect(await customer.write('Quero falar com um ATENDENTE')).toEqual([HANDOFF_TEXT]);
  expect(completions()).toEqual([]);
  expect(await customer.ticket()).toMatchObject({ useIntegration: false, status: 'pending', queueId: queue.id });
  expect(await customer.logTypes()).toContain('integrationHandoff');

  const other = await assisted();
  expect(await other.customer.write('quero cancelar')).toEqual(['Vou chamar um colega.']);
  expect((await other.customer.ticket()).useIntegration).toBe(false);
});

test('an invalid API key: the agents read the invalid-token note, the customer is handed over with a message, no retries', async () => {
  const { customer } = await assisted({ apiKey: 'sk-errada' });
  answering();
  expect(await customer.write('Oi')).toEqual([HANDOFF_TEXT]);
  expect(completions()).toHaveLength(1);
  expect(await customer.logTypes()).toContain('integrationFailed');
  const ticket = await customer.ticket();
  const notes = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.isPrivate, true)));
  expect(notes.map((m) => m.body)).toEqual([ASSISTANT_INVALID_TOKEN]);
});

test('a voice prompt answers with audio from the speech endpoint; an inbound voice note is transcribed first', async () => {
  const { customer } = await assisted({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'chave-voz' });
  answering((text) => `Você disse: ${text}`);
  const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]);
  openai.on('POST /v1/audio/speech', (req, res) => {
    if (req.headers.authorization !== 'Bearer chave-voz') return json(res, 401, {});
    void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(mp3);
  });
  openai.on('POST /v1/audio/transcriptions', (req, res) => {
    expect(req.headers.authorization).toBe('Bearer sk-certa');
    json(res, 200, { text: 'quanto custa o bolo' });
  });
  const ogg = Buffer.concat([
    Buffer.from('OggS'),
    Buffer.from([0, 2]),
    Buffer.alloc(20),
    Buffer.from([1, 19]),
    Buffer.from('OpusHead'),
    Buffer.alloc(40),
  ]);
  await customer.write('', { type: 'audio', file: ogg.toString('base64'), mimeType: 'audio/ogg', fileName: 'audio.ogg' });
  const speech = openai.requests.find((r) => r.path === '/v1/audio/speech')?.json();
  expect(speech).toMatchObject({ model: 'tts-local', voice: 'pt-BR-FranciscaNeural', input: 'Você disse: quanto custa o bolo' });
  const ticket = await customer.ticket();
  const sent = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
  expect(sent).toHaveLength(1);
  expect(sent[0].mediaType).toBe('audio');
  const stored = await readFile(path.join(t.config.dataDir, String(sent[0].mediaUrl).replace(/^\//, '')));
  expect(stored.equals(mp3)).toBe(true);
});
