import { OutboundError } from '../../../http/outbound/errors';
import type { OutboundPolicy } from '../../../http/outbound/policy';
import { type OutboundInit, outboundRequest } from '../../../http/outbound/request';

/**
 * What a bot (queue integration, AI assistant, or a flow's typebot/openai node) answers to one
 * customer message: the messages to send, in order, and whether a human must take over.
 */
export interface BotOutcome {
  replies: BotReply[];
  /** The bot is done (asked by the customer or by the bot): the ticket waits in its queue for a human. */
  handoff: boolean;
}

export type BotReply = { kind: 'text'; text: string } | { kind: 'audio'; data: Buffer; ext: string; text: string };

/** A reply ready to send: an audio reply has become a stored media file (before the turn's transaction). */
export type StoredReply = { kind: 'text'; text: string } | { kind: 'audio'; mediaUrl: string; text: string };

export const textReply = (text: string): BotReply => ({ kind: 'text', text });

/**
 * A bot platform that could not answer now (timeout, network, 5xx, 429): the turn is tried again later.
 * Anything else thrown (`BotRefused`: 4xx, an invalid API key) is final at once.
 */
export class BotUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BotUnavailable';
  }
}

/** The platform refused the call for good (wrong key, wrong slug, bad request): retrying would not help. */
export class BotRefused extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BotRefused';
  }
}

/**
 * The outbound guard refused the address (not public, and not allowed by OUTBOUND_ALLOWED_HOSTS): the
 * tenant's URL points inside the server's network. Final, as any refusal; the message names the address.
 */
export class BotAddressRefused extends BotRefused {
  constructor(message: string) {
    super(message);
    this.name = 'BotAddressRefused';
  }
}

/** Classifies an HTTP answer: 2xx passes, 408/429/5xx are temporary, other statuses final. */
export function checkStatus(res: Response, what: string): void {
  if (res.ok) return;
  const message = `${what} answered ${res.status}`;
  if (res.status === 408 || res.status === 429 || res.status >= 500) throw new BotUnavailable(message, res.status);
  throw new BotRefused(message, res.status);
}

/**
 * A call to a bot platform through the outbound guard (the only way to an address a tenant typed). A
 * timeout or a network failure is temporary; an address the guard refuses (not public, not allowed by
 * the operator) or an answer past the body cap is final: the turn fails as any refused call, nothing of
 * that answer is read.
 */
export async function callBot(url: string, init: OutboundInit, policy: OutboundPolicy, what: string): Promise<Response> {
  try {
    return await outboundRequest(policy, url, init);
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    if (err.reason === 'refused') throw new BotAddressRefused(`${what}: ${err.message}`);
    if (err.reason === 'too-large') throw new BotRefused(`${what}: ${err.message}`);
    throw new BotUnavailable(`${what} ${err.reason === 'timeout' ? 'timed out' : 'could not be reached'} (${err.message})`);
  }
}
