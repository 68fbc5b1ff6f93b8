import { z } from 'zod';
import { CHANNELS, CONNECTION_STATUSES, DOWN_REASONS } from '../channels';
import { QueueScheduleItem } from '../queues';
import { QueueRef } from './refs';

/**
 * A connection as the API answers it (spec 2 §3). Provider secrets (facebookUserToken, tokenMeta)
 * are write-only and never part of it; the token only for connection managers.
 */
export const ConnectionView = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  number: z.string(),
  channel: z.enum(CHANNELS),
  provider: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  isDefault: z.boolean(),
  qrcode: z.string(),
  retries: z.number(),
  /** Why the session is down (WhatsApp Web), '' when it is up or the reason is not known. */
  downReason: z.enum([...DOWN_REASONS, '']),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  inactiveMessage: z.string(),
  expiresInactiveMessage: z.string(),
  timeInactiveMessage: z.number(),
  greetingMediaAttachment: z.string(),
  collectiveVacationStart: z.string(),
  collectiveVacationEnd: z.string(),
  collectiveVacationMessage: z.string(),
  groupAsTicket: z.enum(['enabled', 'disabled']),
  allowGroup: z.boolean(),
  maxUseBotQueues: z.number(),
  timeUseBotQueues: z.number(),
  maxUseBotQueuesNPS: z.number(),
  expiresTicket: z.number(),
  whenExpiresTicket: z.enum(['0', '1']),
  expiresTicketNPS: z.number(),
  timeSendQueue: z.number(),
  sendIdQueue: z.number().nullable(),
  timeCreateNewTicket: z.number(),
  schedules: z.array(QueueScheduleItem),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  flowIdWelcome: z.number().nullable(),
  flowIdNotPhrase: z.number().nullable(),
  /** 'yyyy-MM-dd' or ''. */
  importOldMessages: z.string(),
  importRecentMessages: z.string(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: z.number().nullable(),
  statusImportMessages: z.string(),
  /** The Meta account a webhook names (not a secret). */
  facebookPageUserId: z.string(),
  /** Cloud API: the WhatsApp Business Account id. */
  wabaId: z.string(),
  /** Whether a Meta access token is stored (the token itself is write-only). */
  hasToken: z.boolean(),
  queues: z.array(QueueRef),
  updatedAt: z.string(),
  /** Returned only to connection managers (it authorises the external API and the simulator). */
  token: z.string().optional(),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

/** GET /whatsapp/all/ (super user, /allConnections): every company's connections with the company name. */
export const AllConnectionsView = z.array(ConnectionView.extend({ companyName: z.string() }));
export type AllConnectionsView = z.infer<typeof AllConnectionsView>;

/** POST /closedimported/{id}: the tickets the import of old messages opened were closed. */
export const ClosedImportedView = z.object({ message: z.string(), count: z.number() });
export type ClosedImportedView = z.infer<typeof ClosedImportedView>;
