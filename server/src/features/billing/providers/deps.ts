import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import { getGlobalSetting } from '../../settings';

/** What a provider needs: the database (its credentials are the super user's secret settings) and the config (base URLs). */
export interface ProviderDeps {
  db: DbOrTx;
  config: Config;
}

/** A secret setting's value, or null when the super user has not set it. */
export async function secretSetting(deps: ProviderDeps, key: string): Promise<string | null> {
  const value = (await getGlobalSetting(deps.db, key))?.trim();
  return value ? value : null;
}

/** A provider's HTTP refusal or unexpected answer; the checkout logs it and offers the other providers. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** Reads a JSON answer or throws a ProviderError naming the status (never the credentials). */
export async function jsonAnswer<T>(provider: string, res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new ProviderError(provider, `HTTP ${res.status} ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(provider, 'answer is not JSON');
  }
}

/** A header's single value (Node gives arrays for repeated headers). */
export const headerValue = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};
