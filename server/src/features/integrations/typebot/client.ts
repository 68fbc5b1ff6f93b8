import type { OutboundPolicy } from '../../../http/outbound/policy';
import { BotRefused, callBot, checkStatus } from '../runtime/outcome';

/**
 * Typebot's chat API (v1, as served by the Typebot viewer): startChat opens a session of the published
 * bot `slug`, continueChat answers its pending input. Only what this product uses is typed.
 */
export interface TypebotServer {
  baseUrl: string;
  outbound: OutboundPolicy;
}

interface RichTextNode {
  text?: string;
  children?: RichTextNode[];
  type?: string;
}
export interface TypebotMessage {
  type: string;
  content?: { richText?: RichTextNode[]; url?: string; markdown?: string; plainText?: string };
}
export interface TypebotAnswer {
  sessionId?: string;
  messages: TypebotMessage[];
  /** Present while the bot waits for the customer; absent once the flow ended. */
  input?: { type: string; items?: { content?: string }[] } | null;
}

const base = (server: TypebotServer) => server.baseUrl.replace(/\/+$/, '');

async function post(server: TypebotServer, path: string, body: unknown): Promise<TypebotAnswer> {
  const res = await callBot(
    `${base(server)}${path}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    server.outbound,
    'typebot',
  );
  checkStatus(res, 'typebot');
  const answer = (await res.json().catch(() => null)) as TypebotAnswer | null;
  if (!answer || !Array.isArray(answer.messages)) throw new BotRefused('typebot answered without messages');
  return answer;
}

export function startChat(server: TypebotServer, slug: string, prefilledVariables: Record<string, string>): Promise<TypebotAnswer> {
  return post(server, `/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, { isStreamEnabled: false, prefilledVariables });
}

export function continueChat(server: TypebotServer, sessionId: string, text: string): Promise<TypebotAnswer> {
  return post(server, `/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message: { type: 'text', text } });
}

const flatten = (nodes: RichTextNode[] | undefined): string => (nodes ?? []).map((n) => (n.text ?? '') + flatten(n.children)).join('');

/** A bubble as the text the customer reads: rich text paragraph by paragraph; media as their address. */
export function bubbleText(message: TypebotMessage): string {
  const content = message.content ?? {};
  if (message.type === 'text') {
    if (content.richText)
      return content.richText
        .map((p) => flatten([p]))
        .join('\n')
        .trim();
    return (content.markdown ?? content.plainText ?? '').trim();
  }
  return (content.url ?? '').trim();
}

/** A choice input's options, numbered, so a customer on a text-only channel can answer. */
export function choiceText(answer: TypebotAnswer): string {
  const items = answer.input?.items ?? [];
  return items
    .map((item, i) => `${i + 1} - ${item.content ?? ''}`)
    .join('\n')
    .trim();
}
