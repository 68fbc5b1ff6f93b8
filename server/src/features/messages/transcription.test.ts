import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { globalSettings } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { messageFactory } from './testing';

/** A local stand-in for an OpenAI-compatible server: records requests, answers as configured. */
const calls: { url: string; authorization: string; body: string }[] = [];
let reply = { status: 200, body: { text: 'olá, quero um orçamento' } as object };
const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('latin1');
};
const fake = createServer(async (req, res) => {
  calls.push({ url: req.url ?? '', authorization: String(req.headers.authorization ?? ''), body: await readBody(req) });
  res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;

const t = useTestApp({
  openAi: { baseUrl, apiKey: null, transcriptionModel: 'whisper-1', chatModel: 'gpt-4o-mini', speechModel: 'tts-1' },
});
const mf = () => messageFactory(t.database.db);

const setKey = (value: string) =>
  t.database.db
    .insert(globalSettings)
    .values({ key: 'openAiKeyAudio', value })
    .onConflictDoUpdate({ target: globalSettings.key, set: { value } });

beforeEach(async () => {
  calls.length = 0;
  reply = { status: 200, body: { text: 'olá, quero um orçamento' } };
  t.config.openAi.apiKey = null;
  await setKey('');
});

async function audio() {
  const admin = await t.factory.admin();
  const ticket = await mf().ticket(admin.companyId);
  const { row, name } = await mf().audioMessage(t.config.dataDir, ticket);
  return { admin, ticket, row, name, api: await t.as(admin) };
}

describe('GET /messages/transcribeAudio/:file', () => {
  test('sends the audio to the configured endpoint with the settings key and answers the text', async () => {
    const { api, name } = await audio();
    await setKey('sk-from-settings');
    const res = await api.get(`/messages/transcribeAudio/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transcribedText: 'olá, quero um orçamento' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/v1/audio/transcriptions');
    expect(calls[0].authorization).toBe('Bearer sk-from-settings');
    expect(calls[0].body).toContain('name="model"');
    expect(calls[0].body).toContain('whisper-1');
    expect(calls[0].body).toContain(`filename="${name}"`);
    expect(calls[0].body).toContain('OpusHead');
  });

  test('falls back to OPENAI_API_KEY; without any key answers ERR_TRANSCRIPTION_NOT_CONFIGURED', async () => {
    const { api, name } = await audio();
    const missing = await api.get(`/messages/transcribeAudio/${name}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'ERR_TRANSCRIPTION_NOT_CONFIGURED' });
    expect(calls).toHaveLength(0);

    t.config.openAi.apiKey = 'sk-from-env';
    expect((await api.get(`/messages/transcribeAudio/${name}`)).json().transcribedText).toBe('olá, quero um orçamento');
    expect(calls[0].authorization).toBe('Bearer sk-from-env');
  });

  test('an upstream failure is a clear error, not a crash', async () => {
    const { api, name } = await audio();
    await setKey('sk-wrong');
    reply = { status: 401, body: { error: { message: 'Incorrect API key' } } };
    const res = await api.get(`/messages/transcribeAudio/${name}`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe('ERR_TRANSCRIPTION_FAILED');
  });

  test('only audio messages of visible tickets of the company; names cannot walk the disk', async () => {
    const { admin, ticket, name } = await audio();
    await setKey('sk-x');
    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).get(`/messages/transcribeAudio/${name}`)).statusCode).toBe(404);

    const queue = await t.factory.queue(admin.companyId);
    const hidden = await mf().ticket(admin.companyId, { queueId: queue.id, status: 'pending' });
    const secret = await mf().audioMessage(t.config.dataDir, hidden);
    const agent = await t.factory.user({ companyId: admin.companyId });
    expect((await (await t.as(agent)).get(`/messages/transcribeAudio/${secret.name}`)).statusCode).toBe(404);
    await t.factory.addUserToQueue(agent.id, queue.id);
    expect((await (await t.as(agent)).get(`/messages/transcribeAudio/${secret.name}`)).statusCode).toBe(200);

    const api = await t.as(admin);
    const image = await mf().message(ticket, { mediaType: 'image', mediaUrl: `/public/company${admin.companyId}/media/pic.png` });
    expect(image.mediaType).toBe('image');
    expect((await api.get('/messages/transcribeAudio/pic.png')).statusCode).toBe(404);
    expect((await api.get('/messages/transcribeAudio/..%2F..%2F.jwt-secret')).statusCode).toBe(400);
    expect((await api.get('/messages/transcribeAudio/.jwt-secret')).statusCode).toBe(400);
    expect((await t.anon.get(`/messages/transcribeAudio/${name}`)).statusCode).toBe(401);
    // One call reached the endpoint, the agent's allowed one: every refusal above sent nothing.
    expect(calls.map((c) => c.body.includes(`filename="${secret.name}"`))).toEqual([true]);
  });
});
