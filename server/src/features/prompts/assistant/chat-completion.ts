import { type OutboundPolicy, trustingOperatorUrl } from '../../../http/outbound/policy';
import { BotRefused, callBot, checkStatus } from '../../integrations';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatEndpoint {
  /** OPENAI_BASE_URL: the operator's, so its origin is trusted by the outbound guard. */
  baseUrl: string;
  apiKey: string;
  model: string;
  outbound: OutboundPolicy;
}

/**
 * One OpenAI-compatible chat completion (POST {base}/chat/completions): OpenAI itself, or any server
 * speaking its API (a local model server) through OPENAI_BASE_URL. A 401/403 is a BotRefused (the
 * key is wrong), a 5xx/429/timeout a BotUnavailable (tried again).
 */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  messages: ChatTurn[],
  options: { temperature: number; maxTokens: number },
): Promise<string> {
  const res = await callBot(
    `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
      body: JSON.stringify({ model: endpoint.model, messages, temperature: options.temperature, max_tokens: options.maxTokens }),
    },
    trustingOperatorUrl(endpoint.outbound, endpoint.baseUrl),
    'openai',
  );
  if (res.status === 401 || res.status === 403) throw new BotRefused('openai refused the API key (invalid or without access)', res.status);
  checkStatus(res, 'openai');
  const body = (await res.json().catch(() => null)) as { choices?: { message?: { content?: string | null } }[] } | null;
  return body?.choices?.[0]?.message?.content ?? '';
}
