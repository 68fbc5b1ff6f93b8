import { z } from 'zod';
import { boundedString, coercedId, fromText } from './fields';
import { QueueScheduleItem } from './queues';
import type { ValidationKey } from './validation-texts';

/** Channels of a connection and of a ticket (ARCHITECTURE "Decisions"). */
export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Connection statuses (spec 1 §4.4); the menu badge shows for all but CONNECTED. */
export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * Why a WhatsApp Web session is down (TIMEOUT or DISCONNECTED), '' when it is not or nobody knows:
 * connection-lost (the phone or the server lost the network: retried by itself), logged-out (ended on
 * the phone: read the QR again), replaced (opened on another computer), banned (WhatsApp refused the
 * number), qr-expired (a QR code nobody read).
 */
export const DOWN_REASONS = ['connection-lost', 'logged-out', 'replaced', 'banned', 'qr-expired'] as const;
export type DownReason = (typeof DOWN_REASONS)[number];

/** How a whatsapp connection talks: `beta` is WhatsApp Web (the spec's default), `simulator` the built-in stand-in. */
export const CONNECTION_PROVIDERS = ['beta', 'simulator'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/** The connection token: 30 random alphanumerics (spec 2 §5). */
export const CONNECTION_TOKEN_LENGTH = 30;

const connectionMessage = () => z.string().max(5000, { message: 'validation.tooLong' });
/** Minutes (spec 2 §3: times are minutes); forms send numbers or numeric strings. */
const minutes = () =>
  fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.number' })
      .max(525_600, { message: 'validation.number' }),
  );
const count = () =>
  fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.number' })
      .max(100, { message: 'validation.number' }),
  );
/** 'yyyy-MM-dd', or '' when not set (the form's date inputs). */
const dateOrEmpty = () => z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })]);
/** Forms send '' for "none"; the API stores null. */
const optionalRef = () => z.preprocess((v) => (v === '' ? null : v), coercedId('validation.invalid').nullable());

/** A Meta id (phone number id, WABA id): digits, '' when not set. */
const metaId = () =>
  z
    .string({ message: 'validation.invalid' })
    .trim()
    .max(64, { message: 'validation.tooLong' })
    .regex(/^\d*$/, { message: 'validation.invalid' });

/** Channels the connection dialog creates; Facebook and Instagram come from POST /facebook. */
export const DIALOG_CHANNELS = ['whatsapp', 'whatsappapi'] as const;

/** The fields of the connection dialog (spec 2 §3, §5), validated without defaults. */
const connectionFields = {
  name: boundedString(2, 50),
  channel: z.enum(DIALOG_CHANNELS, { message: 'validation.invalid' }),
  /** Cloud API: the phone number id webhooks name (stored in facebookPageUserId, as for pages). */
  facebookPageUserId: metaId(),
  /** Cloud API: the WhatsApp Business Account of the number. */
  wabaId: metaId(),
  /** Cloud API access token: write-only; on edit '' keeps the stored one. */
  tokenMeta: z.string({ message: 'validation.invalid' }).trim().max(2000, { message: 'validation.tooLong' }),
  provider: z.enum(CONNECTION_PROVIDERS, { message: 'validation.invalid' }),
  isDefault: z.boolean(),
  queueIds: z.array(coercedId(), { message: 'validation.invalid' }).max(200, { message: 'validation.tooLong' }),
  greetingMessage: connectionMessage(),
  complationMessage: connectionMessage(),
  outOfHoursMessage: connectionMessage(),
  ratingMessage: connectionMessage(),
  inactiveMessage: connectionMessage(),
  expiresInactiveMessage: connectionMessage(),
  timeInactiveMessage: minutes(),
  collectiveVacationStart: dateOrEmpty(),
  collectiveVacationEnd: dateOrEmpty(),
  collectiveVacationMessage: connectionMessage(),
  groupAsTicket: z.enum(['enabled', 'disabled'], { message: 'validation.invalid' }),
  allowGroup: z.boolean(),
  maxUseBotQueues: count(),
  timeUseBotQueues: minutes(),
  maxUseBotQueuesNPS: count(),
  expiresTicket: minutes(),
  whenExpiresTicket: z.enum(['0', '1'], { message: 'validation.invalid' }),
  expiresTicketNPS: minutes(),
  timeSendQueue: minutes(),
  sendIdQueue: optionalRef(),
  timeCreateNewTicket: minutes(),
  schedules: z.array(QueueScheduleItem).max(7, { message: 'validation.invalid' }),
  importOldMessages: dateOrEmpty(),
  importRecentMessages: dateOrEmpty(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: optionalRef(),
  /** The "default flow" tab (spec 2 §3 Links): the flow a new ticket's first message starts, and the one run when no phrase matched. */
  flowIdWelcome: optionalRef(),
  flowIdNotPhrase: optionalRef(),
  /** The integrations tab (spec 2 §3 Links): the bot (queue integration) or the AI prompt that serves the connection's customers. */
  integrationId: optionalRef(),
  promptId: optionalRef(),
};

/** Values the cross-field rules read; an update merges the sent fields over the stored ones first. */
export interface ConnectionRuleValues {
  timeSendQueue?: number;
  sendIdQueue?: number | null;
  importOldMessages?: string;
  importRecentMessages?: string;
  collectiveVacationStart?: string;
  collectiveVacationEnd?: string;
  collectiveVacationMessage?: string;
  ratingMessage?: string;
  expiresTicketNPS?: number;
}

const DAY_MS = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The dialog's cross-field rules (spec 2 §5 Connection), one list for the browser and the server:
 * redirect time and queue go together (errorSendQueue); import dates lie between two years back and
 * today, the recent one not before the old one; vacation dates are required with a vacation message
 * and start at most 10 days back; with user ratings on, the rating message and a non-zero NPS expiry
 * are required (errorExpiresNPS). `now` is injectable for tests.
 */
export function connectionRuleIssues(
  v: ConnectionRuleValues,
  opts: { userRating: boolean; now?: Date },
): { path: keyof ConnectionRuleValues; message: ValidationKey }[] {
  const now = opts.now ?? new Date();
  const today = dayOf(now);
  const issues: { path: keyof ConnectionRuleValues; message: ValidationKey }[] = [];
  const redirectTime = Number(v.timeSendQueue ?? 0);
  if (redirectTime > 0 && !v.sendIdQueue) issues.push({ path: 'sendIdQueue', message: 'validation.errorSendQueue' });
  if (redirectTime === 0 && v.sendIdQueue) issues.push({ path: 'timeSendQueue', message: 'validation.errorSendQueue' });

  const twoYearsBack = new Date(now);
  twoYearsBack.setUTCFullYear(twoYearsBack.getUTCFullYear() - 2);
  if (v.importOldMessages && (v.importOldMessages > today || v.importOldMessages < dayOf(twoYearsBack))) {
    issues.push({ path: 'importOldMessages', message: 'validation.importOldDate' });
  }
  if (v.importRecentMessages && (v.importRecentMessages > today || (v.importOldMessages && v.importRecentMessages < v.importOldMessages))) {
    issues.push({ path: 'importRecentMessages', message: 'validation.importRecentDate' });
  }

  const minVacation = dayOf(new Date(now.getTime() - 10 * DAY_MS));
  if (v.collectiveVacationMessage?.trim()) {
    if (!v.collectiveVacationStart) issues.push({ path: 'collectiveVacationStart', message: 'validation.required' });
    if (!v.collectiveVacationEnd) issues.push({ path: 'collectiveVacationEnd', message: 'validation.required' });
  }
  if (v.collectiveVacationStart && v.collectiveVacationStart < minVacation) {
    issues.push({ path: 'collectiveVacationStart', message: 'validation.vacationDate' });
  }
  if (v.collectiveVacationEnd && v.collectiveVacationStart && v.collectiveVacationEnd < v.collectiveVacationStart) {
    issues.push({ path: 'collectiveVacationEnd', message: 'validation.vacationEnd' });
  }

  if (opts.userRating) {
    if (!v.ratingMessage?.trim()) issues.push({ path: 'ratingMessage', message: 'validation.errorExpiresNPS' });
    if (!Number(v.expiresTicketNPS ?? 0)) issues.push({ path: 'expiresTicketNPS', message: 'validation.errorExpiresNPS' });
  }
  return issues;
}

/**
 * A Cloud API connection needs its phone number id and, once stored, an access token; on edit an
 * empty token keeps the stored one (`hasStoredToken`). One rule for the dialog and the server.
 */
export function cloudApiIssues(
  v: { channel?: string; facebookPageUserId?: string; tokenMeta?: string },
  opts: { hasStoredToken: boolean },
): { path: 'facebookPageUserId' | 'tokenMeta'; message: ValidationKey }[] {
  if (v.channel !== 'whatsappapi') return [];
  const issues: { path: 'facebookPageUserId' | 'tokenMeta'; message: ValidationKey }[] = [];
  if (!v.facebookPageUserId?.trim()) issues.push({ path: 'facebookPageUserId', message: 'validation.required' });
  if (!v.tokenMeta?.trim() && !opts.hasStoredToken) issues.push({ path: 'tokenMeta', message: 'validation.required' });
  return issues;
}

/** POST /whatsapp: unsent fields take the spec's defaults (maxUseBotQueues 3, provider 'beta', …). */
export const ConnectionInput = z.object({
  name: connectionFields.name,
  channel: connectionFields.channel.optional().default('whatsapp'),
  facebookPageUserId: connectionFields.facebookPageUserId.optional().default(''),
  wabaId: connectionFields.wabaId.optional().default(''),
  tokenMeta: connectionFields.tokenMeta.optional().default(''),
  provider: connectionFields.provider.optional().default('beta'),
  isDefault: connectionFields.isDefault.optional().default(false),
  queueIds: connectionFields.queueIds.optional().default([]),
  greetingMessage: connectionFields.greetingMessage.optional().default(''),
  complationMessage: connectionFields.complationMessage.optional().default(''),
  outOfHoursMessage: connectionFields.outOfHoursMessage.optional().default(''),
  ratingMessage: connectionFields.ratingMessage.optional().default(''),
  inactiveMessage: connectionFields.inactiveMessage.optional().default(''),
  expiresInactiveMessage: connectionFields.expiresInactiveMessage.optional().default(''),
  timeInactiveMessage: connectionFields.timeInactiveMessage.optional().default(0),
  collectiveVacationStart: connectionFields.collectiveVacationStart.optional().default(''),
  collectiveVacationEnd: connectionFields.collectiveVacationEnd.optional().default(''),
  collectiveVacationMessage: connectionFields.collectiveVacationMessage.optional().default(''),
  groupAsTicket: connectionFields.groupAsTicket.optional().default('disabled'),
  allowGroup: connectionFields.allowGroup.optional().default(false),
  maxUseBotQueues: connectionFields.maxUseBotQueues.optional().default(3),
  timeUseBotQueues: connectionFields.timeUseBotQueues.optional().default(0),
  maxUseBotQueuesNPS: connectionFields.maxUseBotQueuesNPS.optional().default(3),
  expiresTicket: connectionFields.expiresTicket.optional().default(0),
  whenExpiresTicket: connectionFields.whenExpiresTicket.optional().default('0'),
  expiresTicketNPS: connectionFields.expiresTicketNPS.optional().default(0),
  timeSendQueue: connectionFields.timeSendQueue.optional().default(0),
  sendIdQueue: connectionFields.sendIdQueue.optional().default(null),
  timeCreateNewTicket: connectionFields.timeCreateNewTicket.optional().default(0),
  schedules: connectionFields.schedules.optional().default([]),
  importOldMessages: connectionFields.importOldMessages.optional().default(''),
  importRecentMessages: connectionFields.importRecentMessages.optional().default(''),
  importOldMessagesGroups: connectionFields.importOldMessagesGroups.optional().default(false),
  closedTicketsPostImported: connectionFields.closedTicketsPostImported.optional().default(false),
  queueIdImportMessages: connectionFields.queueIdImportMessages.optional().default(null),
  flowIdWelcome: connectionFields.flowIdWelcome.optional().default(null),
  flowIdNotPhrase: connectionFields.flowIdNotPhrase.optional().default(null),
  integrationId: connectionFields.integrationId.optional().default(null),
  promptId: connectionFields.promptId.optional().default(null),
});
export type ConnectionInput = z.input<typeof ConnectionInput>;
export type ConnectionData = z.output<typeof ConnectionInput>;

/** PUT /whatsapp/{id}: only the sent fields change; the channel is fixed at creation (a sent one is dropped). */
export const ConnectionUpdateInput = z.object(connectionFields).omit({ channel: true }).partial();
export type ConnectionUpdateInput = z.input<typeof ConnectionUpdateInput>;
export type ConnectionChanges = z.output<typeof ConnectionUpdateInput>;

/** POST /whatsappsession/{id}/pairing-code: the phone's number with country code, digits only. */
export const PairingCodeInput = z.object({
  phoneNumber: z
    .string({ message: 'validation.required' })
    .transform((s) => s.replace(/\D/g, ''))
    .pipe(z.string().min(8, { message: 'validation.invalid' }).max(15, { message: 'validation.invalid' })),
});
export const PairingCodeView = z.object({ code: z.string() });
export type PairingCodeView = z.infer<typeof PairingCodeView>;

/** GET /whatsapp: existing clients send companyId and session=0; the company comes from the token. */
export const ConnectionListQuery = z.object({
  session: z.string().max(10).optional(),
  companyId: z.string().max(20).optional(),
  channel: z.enum(CHANNELS).optional(),
});

/** POST /whatsapp and /facebook: the super user's /allConnections names the company the connection is for (spec 2 §2). */
export const ConnectionCreateQuery = z.object({ companyId: z.coerce.number().int().positive().optional() });
