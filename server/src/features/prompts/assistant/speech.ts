import type { Config } from '../../../config';
import { type OutboundPolicy, outboundPolicyOf, trustingOperatorUrl, withMaxBytes } from '../../../http/outbound/policy';
import { BotRefused, callBot, checkStatus } from '../../integrations';

/** A voice reply's mp3: minutes of speech fit; more is refused rather than read into memory. */
const SPEECH_MAX_BYTES = 16 * 1024 * 1024;

/** Where voice replies are made (config.integrations: TTS_PROVIDER, TTS_BASE_URL). */
export interface SpeechProvider {
  provider: 'azure' | 'openai';
  /** azure: the service base (may hold `{region}`); openai: null means OPENAI_BASE_URL. */
  baseUrl: string | null;
  openAiBaseUrl: string;
  openAiModel: string;
  outbound: OutboundPolicy;
}

/** The speech provider as configured: what the queue's assistant and a flow's OpenAI node both speak with. */
export const speechProviderOf = (config: Config): SpeechProvider => ({
  provider: config.integrations.ttsProvider,
  baseUrl: config.integrations.ttsBaseUrl,
  openAiBaseUrl: config.openAi.baseUrl,
  openAiModel: config.openAi.speechModel,
  outbound: withMaxBytes(outboundPolicyOf(config), SPEECH_MAX_BYTES),
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

/** An Azure region name (brazilsouth, eastus2): it becomes part of a host name, so nothing else may. */
const REGION = /^[a-z0-9-]{1,40}$/i;

/**
 * Azure Speech REST: SSML in, an mp3 out, with the voice's key and region. The region is the tenant's: it
 * must be a region name, and the address goes through the outbound guard, trusted only when TTS_BASE_URL
 * (the operator's) is set.
 */
async function azureSpeech(provider: SpeechProvider, voice: VoiceSettings, text: string): Promise<Buffer> {
  const template = provider.baseUrl ?? 'https://{region}.tts.speech.microsoft.com';
  const region = voice.voiceRegion || 'brazilsouth';
  if (template.includes('{region}') && !REGION.test(region)) throw new BotRefused('text-to-speech: the voice region is not a region name');
  const base = template.replace('{region}', region);
  const url = `${base.replace(/\/+$/, '')}/cognitiveservices/v1`;
  const ssml = `<speak version='1.0' xml:lang='pt-BR'><voice name='${escapeXml(voice.voice)}'>${escapeXml(text)}</voice></speak>`;
  const res = await callBot(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/ssml+xml',
        'ocp-apim-subscription-key': voice.voiceKey,
        'x-microsoft-outputformat': 'audio-16khz-32kbitrate-mono-mp3',
      },
      body: ssml,
    },
    provider.baseUrl ? trustingOperatorUrl(provider.outbound, url) : provider.outbound,
    'text-to-speech',
  );
  checkStatus(res, 'text-to-speech');
  return Buffer.from(await res.arrayBuffer());
}

/** OpenAI-compatible POST /audio/speech (TTS_BASE_URL or OPENAI_BASE_URL: the operator's); the spec's voice name is passed through as the voice. */
async function openAiSpeech(provider: SpeechProvider, voice: VoiceSettings, text: string): Promise<Buffer> {
  const base = provider.baseUrl ?? provider.openAiBaseUrl;
  const res = await callBot(
    `${base.replace(/\/+$/, '')}/audio/speech`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${voice.voiceKey || voice.apiKey}` },
      body: JSON.stringify({ model: provider.openAiModel, voice: voice.voice, input: text, response_format: 'mp3' }),
    },
    trustingOperatorUrl(provider.outbound, base),
    'text-to-speech',
  );
  checkStatus(res, 'text-to-speech');
  return Buffer.from(await res.arrayBuffer());
}

/** The reply read aloud, as mp3 bytes. */
export function synthesize(provider: SpeechProvider, voice: VoiceSettings, text: string): Promise<Buffer> {
  return provider.provider === 'openai' ? openAiSpeech(provider, voice, text) : azureSpeech(provider, voice, text);
}
