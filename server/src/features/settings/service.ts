import { COMPANY_SETTING_DEFAULTS, GLOBAL_SETTING_DEFAULTS } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { globalSettings, settings } from '../../db/schema';

/** Inserts the spec's defaults for every company setting the company does not have yet. */
export async function ensureCompanySettings(db: DbOrTx, companyId: number): Promise<void> {
  const rows = Object.entries(COMPANY_SETTING_DEFAULTS).map(([key, value]) => ({ companyId, key, value }));
  await db.insert(settings).values(rows).onConflictDoNothing();
}

export async function ensureGlobalSettings(db: DbOrTx): Promise<void> {
  const rows = Object.entries(GLOBAL_SETTING_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db.insert(globalSettings).values(rows).onConflictDoNothing();
}

export async function getCompanySetting(db: DbOrTx, companyId: number, key: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row?.value ?? COMPANY_SETTING_DEFAULTS[key] ?? null;
}

export async function getGlobalSetting(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: globalSettings.value }).from(globalSettings).where(eq(globalSettings.key, key));
  return row?.value ?? GLOBAL_SETTING_DEFAULTS[key] ?? null;
}

export async function listCompanySettings(db: DbOrTx, companyId: number) {
  return db.select({ key: settings.key, value: settings.value }).from(settings)
    .where(eq(settings.companyId, companyId)).orderBy(settings.key);
}
