import { z } from 'zod';
import { coercedId } from './fields';
import {
  COMPANY_SETTING_DEFAULTS,
  SECRET_SETTING_KEYS,
  DOWNLOAD_LIMIT_OPTIONS,
  WHITELABEL_LOGO_MODES,
  SCHEDULE_TYPES,
  CHATBOT_TYPES,
  isCompanySettingKey,
  isGlobalSettingKey,
} from './setting-keys';

export * from './setting-keys';

// ---- Values, one schema per key, so the settings screen and the server refuse the same things.

const toggle = z.enum(['enabled', 'disabled'], { message: 'validation.invalid' });
const text = (max: number) => z.string({ message: 'validation.invalid' }).max(max, { message: 'validation.tooLong' });
const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, { message: 'validation.color' });
/** Logos are set by the upload route; through PUT they may only be cleared or pointed at an uploaded logo. */
const logoPath = z.union([
  z.literal(''),
  z.string().regex(/^\/public\/logos\/[A-Za-z0-9_-]+\.(png|jpg|webp|svg|ico)$/, { message: 'validation.invalid' }),
]);

/** A Meta app or configuration id: digits, or '' for "use the environment's". */
const metaNumericId = z
  .string()
  .trim()
  .regex(/^\d{0,32}$/, { message: 'validation.invalid' });

const COMPANY_VALUE_SCHEMAS: Record<string, z.ZodType<string>> = {
  ...Object.fromEntries(
    Object.entries(COMPANY_SETTING_DEFAULTS)
      .filter(([, v]) => v === 'enabled' || v === 'disabled')
      .map(([k]) => [k, toggle]),
  ),
  scheduleType: z.enum(SCHEDULE_TYPES, { message: 'validation.invalid' }),
  chatBotType: z.enum(CHATBOT_TYPES, { message: 'validation.invalid' }),
  autoCloseTicketHours: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { message: 'validation.number' })
    .transform((v) => String(Number(v))),
  lgpdMessage: text(5000),
  lgpdLink: text(2000),
  transferMessage: text(5000),
  greetingAcceptedMessage: text(5000),
  AcceptCallWhatsappMessage: text(5000),
  sendQueuePositionMessage: text(5000),
};

const GLOBAL_VALUE_SCHEMAS: Record<string, z.ZodType<string>> = {
  userCreation: toggle,
  downloadLimit: z
    .string()
    .trim()
    .refine((v) => (DOWNLOAD_LIMIT_OPTIONS as readonly number[]).map(String).includes(v), {
      message: 'validation.invalid',
    }),
  appName: z.string().trim().min(1, { message: 'validation.required' }).max(100, { message: 'validation.tooLong' }),
  primaryColorLight: hexColor,
  primaryColorDark: hexColor,
  appLogoLight: logoPath,
  appLogoDark: logoPath,
  appLogoFavicon: logoPath,
  metaAppId: metaNumericId,
  metaEmbeddedSignupConfigId: metaNumericId,
  metaGraphVersion: z
    .string()
    .trim()
    .regex(/^(v\d{1,2}\.0)?$/, { message: 'validation.invalid' }),
  ...Object.fromEntries(SECRET_SETTING_KEYS.map((k) => [k, text(5000).trim()])),
};

/** The schema a setting's value must pass, or null for a key that does not exist. */
export function settingValueSchema(key: string): z.ZodType<string> | null {
  if (isCompanySettingKey(key)) return COMPANY_VALUE_SCHEMAS[key] ?? text(5000);
  if (isGlobalSettingKey(key)) return GLOBAL_VALUE_SCHEMAS[key] ?? text(5000);
  return null;
}

/**
 * Settings messages (spec 2 §5): a message is required while its feature is on (or, for the call
 * message, while calls are refused). Each setting saves on its own, so the rule is checked when the
 * message is saved: the toggle may be switched first and the message typed after it.
 */
export const SETTING_MESSAGE_REQUIRED_WHEN: Record<string, { toggle: string; value: 'enabled' | 'disabled' }> = {
  transferMessage: { toggle: 'sendMsgTransfTicket', value: 'enabled' },
  greetingAcceptedMessage: { toggle: 'sendGreetingAccepted', value: 'enabled' },
  sendQueuePositionMessage: { toggle: 'sendQueuePosition', value: 'enabled' },
  AcceptCallWhatsappMessage: { toggle: 'acceptCallWhatsapp', value: 'disabled' },
};

// ---- Requests and answers.

/** Clients send values as strings; numbers (autoCloseTicketHours, downloadLimit) are accepted too. */
const rawValue = z.union([z.string(), z.number()], { message: 'validation.required' }).transform((v) => String(v));
const settingKey = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required' })
  .max(100, { message: 'validation.tooLong' });

export const SettingKeyParam = z.object({ key: settingKey });
export const SettingUpdateInput = z.object({ value: rawValue });
export type SettingUpdateInput = z.input<typeof SettingUpdateInput>;
/** PUT /companySettings: the same update as PUT /settings/{key}, with the older field names. */
export const CompanySettingUpdateInput = z.object({ column: settingKey, data: rawValue });
export type CompanySettingUpdateInput = z.input<typeof CompanySettingUpdateInput>;
export const CompanySettingOneQuery = z.object({ column: settingKey });
export const CompanySettingsParam = z.object({ companyId: coercedId() });
export const PublicSettingQuery = z.object({ token: z.string().max(1000).optional() });
export const WhitelabelLogoFields = z.object({
  mode: z.enum(WHITELABEL_LOGO_MODES, { message: 'validation.invalid' }),
  typeArch: z.string().max(50, { message: 'validation.tooLong' }).optional(),
});

/**
 * POST /settings/cert-upload?ref={destination}. The destination is checked by the route (not by this
 * schema) so a missing or unknown one gets the spec's 'Escolha um destino!' after the file's own check.
 */
export const CertificateUploadQuery = z.object({ ref: z.string().max(50, { message: 'validation.tooLong' }).optional() });
