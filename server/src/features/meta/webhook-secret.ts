import { validSignature } from '../../channels/graph/signature';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { getGlobalSetting } from '../settings';

/** How long the operator's saved secret is trusted unread: a secret replaced on another process stops signing within it. */
const REMEMBER_MS = 60_000;

const rememberedSecret = perDatabase(() => ({ secret: null as string | null, readAt: Number.NEGATIVE_INFINITY }));

/**
 * Whether a webhook delivery is signed by the Meta app: META_APP_SECRET first, else the secret the
 * operator saved (metaAppSecret). The saved one is remembered, so a signed delivery reads nothing;
 * it is read again after REMEMBER_MS, or when a signature does not match it (the operator may have
 * just saved a new one, here or on another server process).
 */
export async function signedByMetaApp(
  deps: { db: Db; config: Config; clock: Clock },
  raw: Buffer,
  signature: string | undefined,
): Promise<boolean> {
  if (validSignature(raw, signature, deps.config.meta.appSecret)) return true;
  if (!signature) return false;
  const remembered = rememberedSecret(deps.db);
  const now = deps.clock.now().getTime();
  if (now - remembered.readAt < REMEMBER_MS && validSignature(raw, signature, remembered.secret)) return true;
  remembered.secret = (await getGlobalSetting(deps.db, 'metaAppSecret')) || null;
  remembered.readAt = now;
  return validSignature(raw, signature, remembered.secret);
}
