import type { Config } from '../../config';
import type { OutboundAllowList } from './allow-list';

/** How one call to an address a tenant typed may go: where, for how long, how much it may read. */
export interface OutboundPolicy {
  allow: OutboundAllowList;
  /**
   * Origins the operator configured (OPENAI_BASE_URL, DIALOGFLOW_API_URL, TTS_BASE_URL) that this call
   * may reach whatever their address: a local model server is the operator's choice, not a tenant's.
   * Only the exact origin: a redirect elsewhere is judged as any tenant address.
   */
  trustedOrigins: string[];
  /** The whole call: name resolution, connection, every redirect and the body. */
  timeoutMs: number;
  /** From the socket's creation to its connection (TLS included). */
  connectTimeoutMs: number;
  /** The answer's body; a longer one is cut off and the call fails. */
  maxBytes: number;
  /** Redirects followed, each to an address checked again. */
  maxRedirects: number;
}

const CONNECT_TIMEOUT_MS = 5_000;
/** JSON answers of bots and webhooks; voice replies ask for more (withMaxBytes). */
const MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The policy of the integrations' calls: the operator's allow list and INTEGRATION_TIMEOUT_MS. */
export function outboundPolicyOf(config: Config): OutboundPolicy {
  const timeoutMs = config.integrations.timeoutMs;
  return {
    allow: config.outbound.allowedHosts,
    trustedOrigins: [],
    timeoutMs,
    connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
    maxBytes: MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
  };
}

/** The same policy, also trusting the origin of `operatorUrl` (an address from the operator's environment). */
export const trustingOperatorUrl = (policy: OutboundPolicy, operatorUrl: string): OutboundPolicy => ({
  ...policy,
  trustedOrigins: [...policy.trustedOrigins, new URL(operatorUrl).origin],
});

export const withMaxBytes = (policy: OutboundPolicy, maxBytes: number): OutboundPolicy => ({ ...policy, maxBytes });
