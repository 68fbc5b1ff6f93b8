import { createSign } from 'node:crypto';
import type { OutboundPolicy } from '../../../http/outbound/policy';
import { BotRefused, callBot, checkStatus } from '../runtime/outcome';

/** The fields of a Google service account key this client uses. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const SCOPE = 'https://www.googleapis.com/auth/dialogflow';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const cache = new Map<string, { token: string; until: number }>();

export function parseServiceAccount(jsonContent: string): ServiceAccount {
  try {
    const parsed = JSON.parse(jsonContent) as ServiceAccount;
    if (typeof parsed.client_email === 'string' && typeof parsed.private_key === 'string') return parsed;
  } catch {
    // falls through
  }
  throw new BotRefused('dialogflow key is not a service account JSON');
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A signed JWT assertion (RS256) for Google's OAuth 2.0 service account flow. */
function assertion(account: ServiceAccount, audience: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 }),
  );
  let signature: string;
  try {
    signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key, 'base64url');
  } catch {
    throw new BotRefused('dialogflow private key cannot sign');
  }
  return `${header}.${claims}.${signature}`;
}

/**
 * An access token for the account, kept until a minute before it expires. The token_uri is the tenant's
 * (from the JSON key they pasted): it goes through the outbound guard like any address they type.
 */
export async function accessToken(account: ServiceAccount, outbound: OutboundPolicy): Promise<string> {
  const tokenUri = account.token_uri || GOOGLE_TOKEN_URI;
  const key = `${account.client_email}|${tokenUri}`;
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const res = await callBot(
    tokenUri,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: assertion(account, tokenUri, Math.floor(Date.now() / 1000)),
      }).toString(),
    },
    outbound,
    'google oauth',
  );
  checkStatus(res, 'google oauth');
  const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
  if (!body?.access_token) throw new BotRefused('google oauth gave no token');
  cache.set(key, { token: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 });
  return body.access_token;
}
