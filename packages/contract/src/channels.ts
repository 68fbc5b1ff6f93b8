import { z } from 'zod';
import { boundedString, coercedId } from './fields';

/** Channels of a connection and of a ticket (ARCHITECTURE "Decisions"). */
export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Connection statuses (spec 1 §4.4); the menu badge shows for all but CONNECTED. */
export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'OPENING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** How a whatsapp connection talks: `beta` is WhatsApp Web (the spec's default), `simulator` the built-in stand-in. */
export const CONNECTION_PROVIDERS = ['beta', 'simulator'] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

/** The connection token: 30 random alphanumerics (spec 2 §5). */
export const CONNECTION_TOKEN_LENGTH = 30;

const connectionMessage = () => z.string().max(5000, { message: 'validation.tooLong' });

/** The fields of the connection dialog this build stores, validated without defaults (spec 2 §3, §5). */
const connectionFields = {
  name: boundedString(2, 50),
  provider: z.enum(CONNECTION_PROVIDERS, { message: 'validation.invalid' }),
  isDefault: z.boolean(),
  queueIds: z.array(coercedId(), { message: 'validation.invalid' }).max(200, { message: 'validation.tooLong' }),
  greetingMessage: connectionMessage(),
  complationMessage: connectionMessage(),
  outOfHoursMessage: connectionMessage(),
  ratingMessage: connectionMessage(),
  groupAsTicket: z.enum(['enabled', 'disabled'], { message: 'validation.invalid' }),
  allowGroup: z.boolean(),
};

/** POST /whatsapp. Fields of the full dialog that this build does not store yet are ignored. */
export const ConnectionInput = z.object({
  name: connectionFields.name,
  provider: connectionFields.provider.optional().default('beta'),
  isDefault: connectionFields.isDefault.optional().default(false),
  queueIds: connectionFields.queueIds.optional().default([]),
  greetingMessage: connectionFields.greetingMessage.optional().default(''),
  complationMessage: connectionFields.complationMessage.optional().default(''),
  outOfHoursMessage: connectionFields.outOfHoursMessage.optional().default(''),
  ratingMessage: connectionFields.ratingMessage.optional().default(''),
  groupAsTicket: connectionFields.groupAsTicket.optional().default('disabled'),
  allowGroup: connectionFields.allowGroup.optional().default(false),
});
export type ConnectionInput = z.input<typeof ConnectionInput>;
export type ConnectionData = z.output<typeof ConnectionInput>;

/** PUT /whatsapp/{id}: only the sent fields change. */
export const ConnectionUpdateInput = z.object(connectionFields).partial();
export type ConnectionUpdateInput = z.input<typeof ConnectionUpdateInput>;
export type ConnectionChanges = z.output<typeof ConnectionUpdateInput>;

/** GET /whatsapp: existing clients send companyId and session=0; the company comes from the token. */
export const ConnectionListQuery = z.object({
  session: z.string().max(10).optional(),
  companyId: z.string().max(20).optional(),
  channel: z.enum(CHANNELS).optional(),
});
