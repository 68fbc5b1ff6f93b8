import {
  COMPANY_SETTING_DEFAULTS,
  GLOBAL_SETTING_DEFAULTS,
  isCompanySettingKey,
  isGlobalSettingKey,
  SECRET_SETTING_KEYS,
  type SettingView,
} from '@chatflow/contract';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
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
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row?.value ?? COMPANY_SETTING_DEFAULTS[key] ?? null;
}

export async function getGlobalSetting(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: globalSettings.value }).from(globalSettings).where(eq(globalSettings.key, key));
  return row?.value ?? GLOBAL_SETTING_DEFAULTS[key] ?? null;
}

/**
 * Every known company setting with its value: a key added to the defaults after the company was
 * created reads as its default, and a stored key the product no longer knows is not shown.
 */
export async function companySettingsMap(db: DbOrTx, companyId: number): Promise<Record<string, string>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId));
  return withSettingDefaults(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** A company's stored settings as one json object column of a caller's select (read with withSettingDefaults). */
export const companySettingsJsonSql = (companyId: SQL | AnyColumn) =>
  sql<
    Record<string, string>
  >`(select coalesce(json_object_agg(s.key, s.value), '{}'::json) from settings s where s.company_id = ${companyId})`;

/** The company settings map: the defaults, overridden by the stored values of known keys. */
export function withSettingDefaults(stored: Record<string, string>): Record<string, string> {
  const map: Record<string, string> = { ...COMPANY_SETTING_DEFAULTS };
  for (const [key, value] of Object.entries(stored)) if (isCompanySettingKey(key)) map[key] = value;
  return map;
}

export async function listCompanySettings(db: DbOrTx, companyId: number): Promise<SettingView[]> {
  const map = await companySettingsMap(db, companyId);
  return Object.keys(map)
    .sort()
    .map((key) => ({ key, value: map[key] }));
}

export async function setCompanySetting(db: DbOrTx, companyId: number, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } });
}

/** Every global and secret key with its stored value ('' when a secret was never set). */
export async function globalSettingsMap(db: DbOrTx): Promise<Record<string, string>> {
  const rows = await db.select({ key: globalSettings.key, value: globalSettings.value }).from(globalSettings);
  const map: Record<string, string> = { ...GLOBAL_SETTING_DEFAULTS, ...Object.fromEntries(SECRET_SETTING_KEYS.map((k) => [k, ''])) };
  for (const r of rows) if (isGlobalSettingKey(r.key)) map[r.key] = r.value;
  return map;
}

export async function setGlobalSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db
    .insert(globalSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: globalSettings.key, set: { value, updatedAt: new Date() } });
}
