import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettingsValues,
  CampaignSettingsValues as SettingsSchema,
  type CampaignSettingsView,
} from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaignSettings } from '../../db/schema';

export const CAMPAIGN_SETTING_KEYS = Object.keys(CAMPAIGN_SETTINGS_DEFAULTS) as (keyof CampaignSettingsValues)[];
const KEYS = CAMPAIGN_SETTING_KEYS;

/** The company's campaign settings, defaults (spec 3 §9) filling what was never saved or no longer parses. */
export async function readCampaignSettings(db: DbOrTx, companyId: number): Promise<CampaignSettingsValues> {
  const rows = await db.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const values: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const row of rows) {
    if (!KEYS.includes(row.key as keyof CampaignSettingsValues)) continue;
    try {
      const parsed = SettingsSchema.shape[row.key as keyof CampaignSettingsValues].safeParse(JSON.parse(row.value));
      if (parsed.success) values[row.key] = parsed.data;
    } catch {
      // a value that is not JSON keeps the default
    }
  }
  return values as CampaignSettingsValues;
}

/** GET /campaign-settings: the list of key/value the spec shows (values as JSON text). */
export async function campaignSettingsView(db: DbOrTx, companyId: number): Promise<CampaignSettingsView> {
  const values = await readCampaignSettings(db, companyId);
  return KEYS.map((key) => ({ key, value: JSON.stringify(values[key]) }));
}
