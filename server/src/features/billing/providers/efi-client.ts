import type { Agent } from 'node:https';
import { type JsonResponse, jsonOverMutualTls, mutualTlsAgent } from './efi-http';

/**
 * How Efí's PIX API is reached (issue 19): mutual TLS with the account's .p12 (certificate tab) and an
 * OAuth2 client-credentials token (efiClientId / efiClientSecret). The charges (efi.ts) and the
 * webhook registration (efi-webhook.ts) both call through it.
 */
export interface EfiOptions {
  /** EFI_API_URL (https://pix.api.efipay.com.br). */
  apiUrl: string;
  /** Extra CAs to trust for the API (EFI_CA_FILE's content), for sandboxes and tests. */
  ca?: Buffer;
  /** The super user's secret settings ('' when not set). */
  credentials(): Promise<{ clientId: string; clientSecret: string; pixKey: string }>;
  /** The uploaded certificate for destination 'efi', or null. */
  certificate(): Promise<Buffer | null>;
  /** Seconds a charge stays payable (calendario.expiracao); one day by default. */
  expirySeconds?: number;
}

export class EfiError extends Error {
  constructor(
    readonly status: number,
    what: string,
    /** Efí's own explanation (its error body's `mensagem`), shown to the super user as is. */
    readonly detail?: string,
  ) {
    super(`Efí answered ${status} to ${what}${detail ? `: ${detail}` : ''}`);
  }
}

/** Efí's error bodies are `{ nome, mensagem }` (the OAuth ones `{ error, error_description }`). */
export function efiErrorDetail(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body.slice(0, 300) : undefined;
  const b = body as { mensagem?: unknown; error_description?: unknown; nome?: unknown };
  const detail = b.mensagem ?? b.error_description ?? b.nome;
  return typeof detail === 'string' ? detail : undefined;
}

export interface EfiClient {
  /** An authorised API call; a 401 (token revoked early) gets one new token and one retry. */
  api(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<JsonResponse>;
}

export function efiClient(options: EfiOptions): EfiClient {
  let token: { value: string; expiresAt: number; for: string } | null = null;
  let agent: { value: Agent; for: Buffer } | null = null;

  /** The agent for the current certificate; a re-uploaded certificate gets a new one. */
  async function tlsAgent(): Promise<Agent> {
    const pfx = await options.certificate();
    if (!pfx) throw new EfiError(0, 'any call (no certificate uploaded for efi)');
    if (!agent?.for.equals(pfx)) {
      agent?.value.destroy();
      agent = { value: mutualTlsAgent({ pfx, ca: options.ca }), for: pfx };
      token = null;
    }
    return agent.value;
  }

  async function accessToken(http: Agent): Promise<string> {
    const { clientId, clientSecret } = await options.credentials();
    if (token && token.for === clientId && token.expiresAt > Date.now()) return token.value;
    const res = await jsonOverMutualTls(http, `${options.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
      body: { grant_type: 'client_credentials' },
    });
    const body = res.body as { access_token?: string; expires_in?: number };
    if (res.status !== 200 || !body?.access_token) throw new EfiError(res.status, 'POST /oauth/token', efiErrorDetail(res.body));
    // Renewed a minute early so a call never leaves with a token about to expire.
    token = { value: body.access_token, expiresAt: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000, for: clientId };
    return token.value;
  }

  return {
    async api(method, path, body, headers = {}) {
      const http = await tlsAgent();
      const send = async () =>
        jsonOverMutualTls(http, `${options.apiUrl}${path}`, {
          method,
          body,
          headers: { ...headers, authorization: `Bearer ${await accessToken(http)}` },
        });
      const res = await send();
      if (res.status !== 401) return res;
      token = null;
      return send();
    },
  };
}
