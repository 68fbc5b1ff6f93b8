// Outbound guard test, voice replies: the Azure voice region is the tenant's and becomes part of a host
// name, so only a region name is accepted; the operator's TTS_BASE_URL (and OPENAI_BASE_URL) are trusted.
import { afterAll, afterEach, expect, test } from 'vitest';
import { parseAllowList } from '../../../http/outbound/allow-list';
import { fakeServer } from '../../../test/fake-http-server';
import { type SpeechProvider, synthesize } from './speech';

const inside = await fakeServer();
afterEach(() => inside.reset());
afterAll(() => inside.close());

const provider = (overrides: Partial<SpeechProvider>): SpeechProvider => ({
  provider: 'azure',
  baseUrl: null,
  openAiBaseUrl: 'https://api.openai.com/v1',
  openAiModel: 'tts-1',
  outbound: { allow: parseAllowList(''), trustedOrigins: [], timeoutMs: 2000, connectTimeoutMs: 2000, maxBytes: 1024, maxRedirects: 3 },
  ...overrides,
});
const voice = (voiceRegion: string) => ({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'chave', voiceRegion, apiKey: 'sk' });
const mp3 = (res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'audio/mpeg' }).end('ID3');

test('an Azure voice region that is not a region name is refused before any call', async () => {
  const hostPart = `127.0.0.1:${new URL(inside.url).port}/x#`;
  for (const region of [hostPart, 'a@127.0.0.1', 'brazil south', 'x.internal']) {
    await expect(synthesize(provider({}), voice(region), 'Olá')).rejects.toMatchObject({
      name: 'BotRefused',
      message: 'text-to-speech: the voice region is not a region name',
    });
  }
  expect(inside.requests).toEqual([]);
});

test("the operator's TTS_BASE_URL is reached with the region filled in, and OPENAI_BASE_URL for the openai provider", async () => {
  inside.on('POST /brazilsouth/cognitiveservices/v1', (_req, res) => mp3(res));
  inside.on('POST /v1/audio/speech', (_req, res) => mp3(res));
  const azure = await synthesize(provider({ baseUrl: `${inside.url}/{region}` }), voice('brazilsouth'), 'Olá');
  const openai = await synthesize(provider({ provider: 'openai', openAiBaseUrl: `${inside.url}/v1` }), voice(''), 'Olá');
  expect([azure.toString(), openai.toString()]).toEqual(['ID3', 'ID3']);
  expect(inside.requests.map((r) => r.path)).toEqual(['/brazilsouth/cognitiveservices/v1', '/v1/audio/speech']);
});
