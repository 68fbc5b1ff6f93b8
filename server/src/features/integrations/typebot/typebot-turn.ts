import type { OutboundPolicy } from '../../../http/outbound/policy';
import { type BotOutcome, BotRefused, textReply } from '../runtime/outcome';
import { bubbleText, choiceText, continueChat, startChat, type TypebotAnswer } from './client';

/** A Typebot integration's settings (spec 3 §3 "Typebot integration fields"), or a flow's typebot node. */
export interface TypebotSettings {
  urlN8N: string;
  typebotSlug: string;
  /** Minutes a session lives after its last message; 0 keeps it. */
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
}

export interface TypebotSession {
  sessionId: string;
  usedAt: Date;
}

export interface TypebotTurnInput {
  text: string;
  contact: { name: string; number: string };
  now: Date;
  outbound: OutboundPolicy;
}

export interface TypebotTurnResult {
  outcome: BotOutcome;
  /** The session to keep for the next message (null: none, the next message starts a new one). */
  session: TypebotSession | null;
}

const same = (a: string, b: string) => b.trim() !== '' && a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

const expired = (settings: TypebotSettings, session: TypebotSession, now: Date) =>
  settings.typebotExpires > 0 && now.getTime() - session.usedAt.getTime() > settings.typebotExpires * 60_000;

/** Bubbles (and a choice's options) as the texts to send, blank ones dropped. */
function repliesOf(answer: TypebotAnswer): string[] {
  const texts = answer.messages.map(bubbleText);
  const choices = choiceText(answer);
  if (choices) texts.push(choices);
  return texts.filter((t) => t !== '');
}

/**
 * One customer message to a Typebot: the finish keyword hands the customer to a human, the restart
 * keyword (or an expired or unknown session) starts the bot again, anything else answers the pending
 * input. A bot that says nothing to an answer gets the unknown-message text back to the customer; a
 * flow that ends (no input pending) hands over too.
 */
export async function typebotTurn(
  settings: TypebotSettings,
  session: TypebotSession | null,
  input: TypebotTurnInput,
): Promise<TypebotTurnResult> {
  if (same(input.text, settings.typebotKeywordFinish)) return { outcome: { replies: [], handoff: true }, session: null };
  const server = { baseUrl: settings.urlN8N, outbound: input.outbound };
  const start = async (lead: string[]): Promise<TypebotTurnResult> => {
    const answer = await startChat(server, settings.typebotSlug, { number: input.contact.number, pushName: input.contact.name });
    if (!answer.sessionId) throw new BotRefused('typebot started no session');
    return finish([...lead, ...repliesOf(answer)], answer, answer.sessionId);
  };
  const finish = (texts: string[], answer: TypebotAnswer, sessionId: string): TypebotTurnResult => {
    const ended = !answer.input;
    return {
      outcome: { replies: texts.map(textReply), handoff: ended },
      session: ended ? null : { sessionId, usedAt: input.now },
    };
  };

  if (same(input.text, settings.typebotKeywordRestart)) {
    return start(settings.typebotRestartMessage.trim() ? [settings.typebotRestartMessage.trim()] : []);
  }
  if (!session || expired(settings, session, input.now)) return start([]);
  let answer: TypebotAnswer;
  try {
    answer = await continueChat(server, session.sessionId, input.text);
  } catch (err) {
    // Typebot forgets sessions (its own expiry, a republished bot): 404 means begin again.
    if (err instanceof BotRefused && err.status === 404) return start([]);
    throw err;
  }
  const texts = repliesOf(answer);
  // No bubble in reply to an answer: the bot did not take it (a choice it does not offer). The customer is told, before the options again.
  const unknown = settings.typebotUnknownMessage.trim();
  if (answer.messages.length === 0 && answer.input && unknown) texts.unshift(unknown);
  return finish(texts, answer, session.sessionId);
}
