import type { Config } from '../../../config';
import { callBot, checkStatus } from '../../integrations';

/** Where voice replies are made (config.integrations: TTS_PROVIDER, TTS_BASE_URL). */
export interface SpeechProvider {
  provider: 'azure' | 'openai';
  /** azure: the service base (may hold `{region}`); openai: null means OPENAI_BASE_URL. */
  baseUrl: string | null;
  openAiBaseUrl: string;
  openAiModel: string;
  timeoutMs: number;
}

/** The speech provider as configured: what the queue's assistant and a flow's OpenAI node both speak with. */
export const speechProviderOf = (config: Config): SpeechProvider => ({
  provider: config.integrations.ttsProvider,
  baseUrl: config.integrations.ttsBaseUrl,
  openAiBaseUrl: config.openAi.baseUrl,
  openAiModel: config.openAi.speechModel,
  timeoutMs: config.integrations.timeoutMs,
});

export interface VoiceSettings {
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  /** The prompt's OpenAI key, used by the openai provider when no voice key is set. */
  apiKey: string;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/** Azure Speech REST: SSML in, an mp3 out, with the voice's key and region. */
async function azureSpeech(provider: SpeechProvider, voice: VoiceSettings, text: string): Promise<Buffer> {
  const base = (provider.baseUrl ?? 'https://{region}.tts.speech.microsoft.com').replace('{region}', voice.voiceRegion || 'brazilsouth');
  const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice name='${escapeXml(voice.voice)}'>${escapeXml(text)}</voice></speak>`;
  const res = await callBot(
    `${base.replace(/\/+$/, '')}/cognitiveservices/v1`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/ssml+xml',
        'ocp-apim-subscription-key': voice.voiceKey,
        'x-microsoft-outputformat': 'audio-16khz-32kbitrate-mono-mp3',
      },
      body: ssml,
    },
    provider.timeoutMs,
    'text-to-speech',
  );
  checkStatus(res, 'text-to-speech');
  return Buffer.from(await res.arrayBuffer());
}

/** OpenAI-compatible POST /audio/speech; the spec's voice name is passed through as the voice. */
async function openAiSpeech(provider: SpeechProvider, voice: VoiceSettings, text: string): Promise<Buffer> {
  const base = provider.baseUrl ?? provider.openAiBaseUrl;
  const res = await callBot(
    `${base.replace(/\/+$/, '')}/audio/speech`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${voice.voiceKey || voice.apiKey}` },
      body: JSON.stringify({ model: provider.openAiModel, voice: voice.voice, input: text, response_format: 'mp3' }),
    },
    provider.timeoutMs,
    'text-to-speech',
  );
  checkStatus(res, 'text-to-speech');
  return Buffer.from(await res.arrayBuffer());
}

/** The reply read aloud, as mp3 bytes. */
export function synthesize(provider: SpeechProvider, voice: VoiceSettings, text: string): Promise<Buffer> {
  return provider.provider === 'openai' ? openAiSpeech(provider, voice, text) : azureSpeech(provider, voice, text);
}
