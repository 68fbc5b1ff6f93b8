import { isPublicSettingKey } from '@chatflow/contract';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import type { Realtime } from '../../realtime/emit';

/**
 * A whitelabel change (name, colours, logos) on every company's `company-{id}-settings` channel, so
 * every open session repaints without a reload. Only the public appearance keys travel: never a
 * secret, never userCreation or downloadLimit. Called after the value is stored.
 */
export async function announcePublicSetting(db: DbOrTx, realtime: Realtime, key: string, value: string): Promise<void> {
  if (!isPublicSettingKey(key)) return;
  const companyIds = (await db.select({ id: companies.id }).from(companies)).map((c) => c.id);
  for (const companyId of companyIds) realtime.toCompany(companyId, 'settings', { action: 'update', setting: { key, value } });
}
