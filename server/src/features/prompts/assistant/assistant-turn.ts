import { BotRefused, BotUnavailable, type BotTurnContext, type BotTurnSpec } from '../../integrations';
import { transcribeStoredAudio } from '../../messages';
import type { PromptRow } from '../../../db/schema';
import { outboundPolicyOf } from '../../../http/outbound/policy';
import { promptOf } from '../queries';
import { conversationHistory } from './history';
import { assistantReply } from './reply';
import { speechProviderOf } from './speech';

/** A customer's voice message as text, with the prompt's key (the inbox's transcription). */
async function transcribe(ctx: BotTurnContext, prompt: PromptRow): Promise<string> {
  try {
    return (await transcribeStoredAudio(ctx.deps.config, ctx.ticket.companyId, ctx.message.mediaUrl, prompt.apiKey)) ?? '';
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 401 || status === 403) throw new BotRefused('openai refused the API key (transcription)', status);
    throw new BotUnavailable('transcription failed', status);
  }
}

/**
 * The virtual assistant's invalid-token message (spec 1 §8): a private note the agents read in the
 * conversation when OpenAI refuses the prompt's key; the customer gets the handoff message.
 */
export const ASSISTANT_INVALID_TOKEN =
  'Assistente virtual: token da OpenAI inválido ou sem acesso. Verifique a chave de API do prompt em Prompts. O atendimento foi passado para um atendente.';

/** The ticket's AI assistant answers (tickets.promptId); a deleted prompt fails over to the queue. */
export const assistantSpec = (retry: BotTurnSpec['retry']): BotTurnSpec => ({
  name: 'assistant',
  serves: (ticket) => ticket.promptId !== null,
  async answer(ctx) {
    const { deps, ticket } = ctx;
    const prompt = ticket.promptId === null ? null : await promptOf(deps.db, ticket.companyId, ticket.promptId);
    if (!prompt) throw new BotRefused('the prompt was deleted');
    const history = await conversationHistory(deps.db, ticket.id, ctx.message.id, prompt.maxMessages);
    if (ctx.message.mediaType === 'audio') {
      const text = await transcribe(ctx, prompt);
      const newest = history.find((m) => m.id === ctx.message.id);
      if (newest) newest.body = text;
    }
    const outcome = await assistantReply(prompt, {
      history,
      contactName: ctx.contact.name,
      chat: { baseUrl: deps.config.openAi.baseUrl, model: deps.config.openAi.chatModel, outbound: outboundPolicyOf(deps.config) },
      speech: speechProviderOf(deps.config),
      log: deps.log,
    });
    return { outcome };
  },
  retry,
  failureNote: (err) => (err instanceof BotRefused && (err.status === 401 || err.status === 403) ? ASSISTANT_INVALID_TOKEN : null),
});
