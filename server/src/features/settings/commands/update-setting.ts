import {
  type GlobalSettingView,
  isGlobalSettingKey,
  SETTING_MESSAGE_REQUIRED_WHEN,
  type SettingView,
  settingValueSchema,
} from '@chatflow/contract';
import { ZodError, type z } from 'zod';
import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../http/context';
import { AppError, forbidden } from '../../../http/errors';
import { announcePublicSetting } from '../events';
import { canWriteGlobalSettings } from '../policy';
import { presentGlobalSetting } from '../presenter';
import { getCompanySetting, setCompanySetting, setGlobalSetting } from '../service';

const invalid = (field: string, message: string, input: unknown) => new ZodError([{ code: 'custom', path: [field], message, input }]);

/** Validates with the key's schema, reporting under `field` (value for PUT /settings, data for PUT /companySettings). */
function parseValue(schema: z.ZodType<string>, raw: string, field: string): string {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw invalid(field, parsed.error.issues[0]?.message ?? 'validation.invalid', raw);
  return parsed.data;
}

/** Spec 2 §5 "Settings messages": a message may not be emptied while its feature needs it. */
async function assertMessageNotRequired(tx: Tx, companyId: number, key: string, value: string, field: string) {
  const rule = SETTING_MESSAGE_REQUIRED_WHEN[key];
  if (!rule || value.trim()) return;
  if ((await getCompanySetting(tx, companyId, rule.toggle)) === rule.value) throw invalid(field, 'validation.required', value);
}

/**
 * One update path for every setting, decided by the key: company keys are the caller's company's
 * (the route already required an admin); global keys and secrets are the super user's alone.
 */
export async function updateSetting(
  ctx: RequestContext,
  key: string,
  raw: string,
  field = 'value',
): Promise<SettingView | GlobalSettingView> {
  const schema = settingValueSchema(key);
  if (!schema) throw new AppError('ERR_NO_SETTING_FOUND', 404);

  if (isGlobalSettingKey(key)) {
    if (!canWriteGlobalSettings(ctx.actor)) throw forbidden();
    const value = parseValue(schema, raw, field);
    await setGlobalSetting(ctx.db, key, value);
    await announcePublicSetting(ctx.db, ctx.realtime, key, value);
    return presentGlobalSetting(key, value);
  }

  const value = parseValue(schema, raw, field);
  const companyId = ctx.companyId;
  return ctx.transaction(async (tx) => {
    await assertMessageNotRequired(tx, companyId, key, value, field);
    await setCompanySetting(tx, companyId, key, value);
    tx.afterCommit(() => ctx.realtime.toCompany(companyId, 'settings', { action: 'update', setting: { key, value } }));
    return { key, value };
  });
}
