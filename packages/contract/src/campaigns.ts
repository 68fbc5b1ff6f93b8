import { z } from 'zod';
import { boundedString, dbId, enabledDisabled, fromText, hhmm, PageQuery } from './fields';

/** Campaigns and their settings (spec 3 "Campaigns", §3, §4, §5, §7, §9). */
export const CAMPAIGNS_PAGE_SIZE = 20;
export const CAMPAIGN_SHIPPING_PAGE_SIZE = 50;
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_VARIANTS = [1, 2, 3, 4, 5] as const;
export const CAMPAIGN_TICKET_STATUSES = ['closed', 'pending', 'open'] as const;

/**
 * Spec 3 §4: editable when INATIVA, or PROGRAMADA with more than an hour to go; a CANCELADA campaign
 * can still be saved. The web makes the modal read-only with the same rule the server enforces.
 */
export function isCampaignEditable(c: { status: CampaignStatus; scheduledAt: string | Date | null }, now: Date = new Date()): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return false;
  return new Date(c.scheduledAt).getTime() - now.getTime() > 60 * 60 * 1000;
}

const message = () => z.preprocess((v) => v ?? '', z.string().max(10_000, { message: 'validation.tooLong' }));
const optionalId = () => z.preprocess((v) => (v === '' || v === 0 ? null : v), dbId().nullable());
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const CampaignInput = z
  .object({
    name: boundedString(2, 50),
    message1: message().optional().default(''),
    message2: message().optional().default(''),
    message3: message().optional().default(''),
    message4: message().optional().default(''),
    message5: message().optional().default(''),
    confirmationMessage1: message().optional().default(''),
    confirmationMessage2: message().optional().default(''),
    confirmationMessage3: message().optional().default(''),
    confirmationMessage4: message().optional().default(''),
    confirmationMessage5: message().optional().default(''),
    confirmation: flag.optional().default(false),
    scheduledAt: z
      .preprocess((v) => (v === '' ? null : v), z.iso.datetime({ offset: true, message: 'validation.invalid' }).nullable())
      .optional()
      .default(null),
    contactListId: optionalId().optional().default(null),
    tagListId: optionalId().optional().default(null),
    whatsappId: dbId('validation.required'),
    userId: optionalId().optional().default(null),
    queueId: optionalId().optional().default(null),
    statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES, { message: 'validation.invalid' }).optional().default('closed'),
    openTicket: enabledDisabled.optional().default('disabled'),
    companyId: z.unknown().optional(),
    status: z.unknown().optional(),
  })
  .superRefine((c, ctx) => {
    if (!c.contactListId && !c.tagListId) ctx.addIssue({ code: 'custom', path: ['contactListId'], message: 'validation.campaignAudience' });
    if (!campaignMessages(c).some((m) => m.trim() !== ''))
      ctx.addIssue({ code: 'custom', path: ['message1'], message: 'validation.campaignMessage' });
    if (
      c.confirmation &&
      ![1, 2, 3, 4, 5].some((n) => c[`message${n}` as 'message1'].trim() && c[`confirmationMessage${n}` as 'message1'].trim())
    )
      ctx.addIssue({ code: 'custom', path: ['confirmationMessage1'], message: 'validation.campaignConfirmation' });
    if (c.openTicket === 'enabled' && c.userId && !c.queueId)
      ctx.addIssue({ code: 'custom', path: ['queueId'], message: 'validation.required' });
  });
export type CampaignInput = z.input<typeof CampaignInput>;
export type CampaignData = z.output<typeof CampaignInput>;

/** The message variants in order (message1..message5). */
export const campaignMessages = (c: Record<`message${1 | 2 | 3 | 4 | 5}`, string>) => [
  c.message1,
  c.message2,
  c.message3,
  c.message4,
  c.message5,
];

export const CampaignListQuery = PageQuery;
export const CampaignShippingQuery = z.object({ pageNumber: fromText(z.number().int().min(1).max(100000)).optional().default(1) });

/** Spec 3 §9: the settings and their options. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const GREATER_INTERVAL_OPTIONS = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)] as const;

export const CampaignVariable = z.object({
  key: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required' })
    .max(50, { message: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N}_]+$/u, { message: 'validation.invalid' }),
  value: z.string().max(1000, { message: 'validation.tooLong' }),
});
export type CampaignVariable = z.infer<typeof CampaignVariable>;

const oneOf = (options: readonly number[]) =>
  fromText(z.number({ message: 'validation.number' }).refine((n) => options.includes(n), { message: 'validation.invalid' }));

export const CampaignSettingsValues = z.object({
  messageInterval: oneOf(MESSAGE_INTERVAL_OPTIONS),
  longerIntervalAfter: oneOf(LONGER_INTERVAL_AFTER_OPTIONS),
  greaterInterval: oneOf(GREATER_INTERVAL_OPTIONS),
  variables: z.array(CampaignVariable).max(50, { message: 'validation.tooLong' }),
  sabado: flag,
  domingo: flag,
  startHour: hhmm(),
  endHour: hhmm(),
});
export type CampaignSettingsValues = z.output<typeof CampaignSettingsValues>;

/** Spec 3 §9 defaults. */
export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};

/** POST /campaign-settings {settings}: any subset; what is not sent stays. */
export const CampaignSettingsInput = z.object({ settings: CampaignSettingsValues.partial() });
export type CampaignSettingsInput = z.input<typeof CampaignSettingsInput>;

/**
 * The text a contact receives: {nome}, {numero}, {email} and the company's custom variables, each
 * replaced wherever it appears; an unknown {name} stays as typed.
 */
export function renderCampaignMessage(
  text: string,
  contact: { name: string; number: string; email: string },
  variables: readonly CampaignVariable[],
): string {
  const values = new Map<string, string>(variables.map((v) => [v.key, v.value]));
  values.set('nome', contact.name);
  values.set('numero', contact.number);
  values.set('email', contact.email);
  return text.replace(/\{([\p{L}\p{N}_]+)\}/gu, (whole, key: string) => values.get(key) ?? whole);
}
