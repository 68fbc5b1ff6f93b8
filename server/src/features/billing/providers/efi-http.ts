import { Agent, request } from 'node:https';

export interface MutualTls {
  /** The account's PKCS#12 certificate (no passphrase, as Efí issues it). */
  pfx: Buffer;
  /** Extra CAs to trust (sandboxes, tests); undefined trusts the system's. */
  ca?: Buffer;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** An agent per certificate: the TLS session and its connections are reused across one charge's calls. */
export function mutualTlsAgent(tls: MutualTls): Agent {
  return new Agent({ pfx: tls.pfx, passphrase: '', ca: tls.ca, keepAlive: true, maxSockets: 4 });
}

/**
 * One JSON call over mutual TLS. Efí's API accepts no connection without the account's client
 * certificate, so fetch (which cannot present one) is not used here.
 */
export function jsonOverMutualTls(
  agent: Agent,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<JsonResponse> {
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...init.headers,
        },
        timeout: init.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // not JSON (an error page): kept as text
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${init.method} ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}
