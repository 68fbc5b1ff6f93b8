import { OPENAI_NODE_DEFAULTS } from '@chatflow/contract';
import { outboundPolicyOf } from '../../../http/outbound/policy';
import { BotRefused, BotUnavailable } from '../../integrations';
import { newestMessageId, transcribeStoredAudio } from '../../messages';
import { type AssistantSettings, assistantReply, conversationHistory, speechProviderOf } from '../../prompts';
import { asText } from '../text';
import { type FlowBotAnswer, type FlowBotTurn, numberField } from './turn';

/** An OpenAI node's data (spec 3 §3 OpenAI node, the dialog's defaults) as the assistant's settings. */
export function openAiNodeSettings(data: Record<string, unknown>): AssistantSettings & { model: string } {
  return {
    prompt: asText(data.prompt),
    apiKey: asText(data.apiKey).trim(),
    model: asText(data.model).trim(),
    temperature: numberField(data.temperature, OPENAI_NODE_DEFAULTS.temperature),
    maxTokens: Math.max(Math.round(numberField(data.maxTokens, OPENAI_NODE_DEFAULTS.maxTokens)), 1),
    maxMessages: Math.max(Math.round(numberField(data.maxMessages, OPENAI_NODE_DEFAULTS.maxMessages)), 1),
    voice: asText(data.voice) || OPENAI_NODE_DEFAULTS.voice,
    voiceKey: asText(data.voiceKey),
    voiceRegion: asText(data.voiceRegion),
  };
}

/** The queue an OpenAI node hands its customers to (its queueId), null when it names none. */
export function openAiNodeQueue(data: Record<string, unknown>): number | null {
  const id = Number(data.queueId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A customer's voice message as text, with the node's key (the inbox's transcription, as the prompts feature does). */
async function transcribe(turn: FlowBotTurn, apiKey: string, mediaUrl: string | null): Promise<string> {
  try {
    return (await transcribeStoredAudio(turn.deps.config, turn.ticket.companyId, mediaUrl, apiKey)) ?? '';
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 401 || status === 403) throw new BotRefused('openai refused the API key (transcription)', status);
    throw new BotUnavailable('transcription failed', status);
  }
}

/**
 * One turn of an OpenAI node, with the AI assistants' reply (the prompts feature): the conversation's
 * last maxMessages messages under the node's prompt, key, model, temperature and max tokens. Reaching
 * the node answers the conversation so far (the message that brought the customer here), so nobody is
 * left in silence; each later message is answered in turn. The assistant's handoff (the customer asks
 * for a human, or the model says so) is the prompts feature's rule.
 */
export async function openAiNodeAnswer(turn: FlowBotTurn): Promise<FlowBotAnswer> {
  const settings = openAiNodeSettings(turn.node.data);
  if (!settings.apiKey) throw new BotRefused('the OpenAI node has no API key');
  const { deps } = turn;
  const upTo = turn.message?.id ?? (await newestMessageId(deps.db, turn.ticket.id));
  const history = upTo === null ? [] : await conversationHistory(deps.db, turn.ticket.id, upTo, settings.maxMessages);
  if (turn.message?.mediaType === 'audio') {
    const text = await transcribe(turn, settings.apiKey, turn.message.mediaUrl);
    const newest = history.find((m) => m.id === turn.message?.id);
    if (newest) newest.body = text;
  }
  const outcome = await assistantReply(settings, {
    history,
    contactName: turn.contact.name,
    chat: {
      baseUrl: deps.config.openAi.baseUrl,
      model: settings.model || deps.config.openAi.chatModel,
      outbound: outboundPolicyOf(deps.config),
    },
    speech: speechProviderOf(deps.config),
    log: deps.log,
  });
  return { outcome };
}
