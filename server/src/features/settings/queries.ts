import { isCompanySettingKey, isPublicSettingKey, type SettingView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { companySettingsMap, getCompanySetting, getGlobalSetting, globalSettingsMap } from './service';
import { presentGlobalSetting } from './presenter';

const noSetting = () => new AppError('ERR_NO_SETTING_FOUND', 404);

/** One company setting by key; a global, secret or unknown key is not a company setting (404). */
export async function readCompanySetting(db: DbOrTx, companyId: number, key: string): Promise<SettingView> {
  if (!isCompanySettingKey(key)) throw noSetting();
  return { key, value: (await getCompanySetting(db, companyId, key)) ?? '' };
}

/** The settings of a company as an object; the caller's policy has already allowed the company. */
export async function readCompanySettingsObject(db: DbOrTx, companyId: number): Promise<Record<string, string>> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  return companySettingsMap(db, companyId);
}

export async function listGlobalSettings(db: DbOrTx) {
  const map = await globalSettingsMap(db);
  return Object.keys(map).map((key) => presentGlobalSetting(key, map[key]));
}

/** Only the whitelisted appearance keys are readable without a session. */
export async function readPublicSetting(db: DbOrTx, key: string): Promise<string> {
  if (!isPublicSettingKey(key)) throw noSetting();
  return (await getGlobalSetting(db, key)) ?? '';
}
