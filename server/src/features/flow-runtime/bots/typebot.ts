import { TYPEBOT_NODE_DEFAULTS } from '@chatflow/contract';
import { outboundPolicyOf } from '../../../http/outbound/policy';
import { BotRefused, type TypebotSettings, typebotTurn } from '../../integrations';
import { asText } from '../text';
import { type FlowBotAnswer, type FlowBotTurn, numberField } from './turn';

/** A typebot node's data (spec 3 §3 "Typebot integration fields", the node dialog's defaults) as the client's settings. */
export function typebotNodeSettings(data: Record<string, unknown>): TypebotSettings & { delayMs: number } {
  return {
    urlN8N: asText(data.urlN8N).trim(),
    typebotSlug: asText(data.typebotSlug).trim(),
    typebotExpires: Math.max(numberField(data.typebotExpires, TYPEBOT_NODE_DEFAULTS.typebotExpires), 0),
    typebotKeywordFinish: asText(data.typebotKeywordFinish),
    typebotKeywordRestart: asText(data.typebotKeywordRestart),
    typebotRestartMessage: asText(data.typebotRestartMessage),
    typebotUnknownMessage: asText(data.typebotUnknownMessage),
    delayMs: Math.max(Math.round(numberField(data.typebotDelayMessage, TYPEBOT_NODE_DEFAULTS.typebotDelayMessage)), 0),
  };
}

/**
 * One turn of a typebot node, with the queue integrations' Typebot client: reaching the node starts a
 * chat (an empty text is no keyword, and there is no session yet); each customer message continues it
 * (finish and restart keywords, expiry and the unknown-message text as for an integration). The client's
 * `handoff` means the chat is over (its flow ended, or the finish keyword): for a node, the run leaves it.
 */
export async function typebotNodeAnswer(turn: FlowBotTurn): Promise<FlowBotAnswer> {
  const settings = typebotNodeSettings(turn.node.data);
  if (!settings.urlN8N || !settings.typebotSlug) throw new BotRefused('the typebot node has no address or slug');
  const stored = turn.run.botSession;
  const result = await typebotTurn(settings, stored ? { sessionId: stored.sessionId, usedAt: new Date(stored.usedAt) } : null, {
    text: turn.message?.body ?? '',
    contact: { name: turn.contact.name, number: turn.contact.number },
    now: turn.deps.clock.now(),
    outbound: outboundPolicyOf(turn.deps.config),
  });
  const session = result.session ? { sessionId: result.session.sessionId, usedAt: result.session.usedAt.toISOString() } : null;
  return { outcome: result.outcome, session, delayMs: settings.delayMs };
}
