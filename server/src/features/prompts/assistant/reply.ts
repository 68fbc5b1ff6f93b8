import type { BotOutcome, BotReply } from '../../integrations';
import { type ChatEndpoint, chatCompletion, type ChatTurn } from './chat-completion';
import { customerAsksForHuman, HANDOFF_INSTRUCTION, takeHandoffMarker } from './handoff';
import { type SpeechProvider, synthesize } from './speech';

/** An assistant's settings: a prompt row (spec 3 §3 Prompt) or a flow's OpenAI node. */
export interface AssistantSettings {
  prompt: string;
  apiKey: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

export interface AssistantInput {
  /** The conversation so far, oldest first, the customer's newest message last (at most maxMessages are used). */
  history: { fromMe: boolean; body: string }[];
  contactName: string;
  chat: Omit<ChatEndpoint, 'apiKey'>;
  speech: SpeechProvider;
  log?: { warn(o: object, m: string): void };
}

/**
 * The assistant's answer to the customer's newest message: a chat completion over the last
 * `maxMessages` messages under the prompt, as text, or as voice when the prompt has one (text when
 * the voice service fails, so the customer still gets the answer). A customer asking for a human, or
 * an answer carrying the handoff marker, hands over.
 */
export async function assistantReply(settings: AssistantSettings, input: AssistantInput): Promise<BotOutcome> {
  const newest = input.history.at(-1);
  if (newest && !newest.fromMe && customerAsksForHuman(newest.body)) return { replies: [], handoff: true };
  const system = `${settings.prompt.trim()}\n\nVocê está conversando com ${input.contactName || 'um cliente'}. ${HANDOFF_INSTRUCTION}`;
  const turns: ChatTurn[] = [
    { role: 'system', content: system },
    ...input.history
      .filter((m) => m.body.trim() !== '')
      .slice(-settings.maxMessages)
      .map((m): ChatTurn => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body })),
  ];
  const answer = await chatCompletion({ ...input.chat, apiKey: settings.apiKey }, turns, {
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
  });
  const { text, handoff } = takeHandoffMarker(answer);
  const replies: BotReply[] = [];
  if (text) replies.push(await spoken(settings, input, text));
  return { replies, handoff };
}

async function spoken(settings: AssistantSettings, input: AssistantInput, text: string): Promise<BotReply> {
  if (!settings.voice || settings.voice === 'texto') return { kind: 'text', text };
  try {
    const data = await synthesize(input.speech, settings, text);
    return { kind: 'audio', data, ext: 'mp3', text };
  } catch (err) {
    input.log?.warn({ err }, 'voice reply failed; the answer is sent as text');
    return { kind: 'text', text };
  }
}
