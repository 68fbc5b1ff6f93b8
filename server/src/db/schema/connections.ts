import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { type QueueScheduleRow, queues } from './queues';

/**
 * A channel connection (the spec's "whatsapp"). `channel` is whatsapp, whatsappapi, facebook or
 * instagram; `provider` says how a whatsapp connection talks (`beta` = WhatsApp Web, `simulator`).
 * Fields follow spec 2 §3 Connection; times are minutes, dates are ISO strings as the form sends them.
 * Provider secrets (`facebookUserToken`, `tokenMeta`) are write-only through the API.
 */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
    channel: text('channel', { enum: ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] })
      .notNull()
      .default('whatsapp'),
    provider: text('provider').notNull().default('beta'),
    status: text('status').notNull().default('DISCONNECTED'),
    isDefault: boolean('is_default').notNull().default(false),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    /** Why a WhatsApp Web session is down (contract DOWN_REASONS), '' when it is up or not known. */
    downReason: text('down_reason').notNull().default(''),
    /** 30 random alphanumerics; authorises the external API and the simulator's inbound endpoint. */
    token: text('token').notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    complationMessage: text('complation_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    ratingMessage: text('rating_message').notNull().default(''),
    groupAsTicket: text('group_as_ticket', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    allowGroup: boolean('allow_group').notNull().default(false),
    // Messages (spec 2 §3 Connection).
    inactiveMessage: text('inactive_message').notNull().default(''),
    expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
    /** Minutes of customer silence before inactiveMessage; 0 = off. */
    timeInactiveMessage: integer('time_inactive_message').notNull().default(0),
    /** Stored media path of the greeting's image or video, sent with greetingMessage. */
    greetingMediaAttachment: text('greeting_media_attachment').notNull().default(''),
    collectiveVacationStart: text('collective_vacation_start').notNull().default(''),
    collectiveVacationEnd: text('collective_vacation_end').notNull().default(''),
    collectiveVacationMessage: text('collective_vacation_message').notNull().default(''),
    // Bot and ticket behaviour.
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    /** Minutes before the menu may be shown again once maxUseBotQueues is reached; 0 = never again. */
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    maxUseBotQueuesNPS: integer('max_use_bot_queues_nps').notNull().default(3),
    /** Minutes without a customer message after which an open/pending ticket expires; 0 = off. */
    expiresTicket: integer('expires_ticket').notNull().default(0),
    /** '0' expires tickets of every status, '1' only those still waiting (pending). */
    whenExpiresTicket: text('when_expires_ticket', { enum: ['0', '1'] })
      .notNull()
      .default('0'),
    /** Minutes a rating request waits for its answer. */
    expiresTicketNPS: integer('expires_ticket_nps').notNull().default(0),
    /** Minutes a pending ticket waits before moving to sendIdQueue; 0 = off. */
    timeSendQueue: integer('time_send_queue').notNull().default(0),
    sendIdQueue: integer('send_id_queue').references(() => queues.id, { onDelete: 'set null' }),
    /** Minutes after a close during which a new message reopens the closed ticket instead of a new one. */
    timeCreateNewTicket: integer('time_create_new_ticket').notNull().default(0),
    schedules: jsonb('schedules').$type<QueueScheduleRow[]>().notNull().default([]),
    // Links to other features (integrations, prompts, flows arrive with their issues).
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    flowIdWelcome: integer('flow_id_welcome'),
    flowIdNotPhrase: integer('flow_id_not_phrase'),
    // Import of old messages (WhatsApp Web).
    importOldMessages: timestamp('import_old_messages', { withTimezone: true, mode: 'date' }),
    importRecentMessages: timestamp('import_recent_messages', { withTimezone: true, mode: 'date' }),
    importOldMessagesGroups: boolean('import_old_messages_groups').notNull().default(false),
    closedTicketsPostImported: boolean('closed_tickets_post_imported').notNull().default(false),
    queueIdImportMessages: integer('queue_id_import_messages').references(() => queues.id, { onDelete: 'set null' }),
    statusImportMessages: text('status_import_messages').notNull().default(''),
    // Meta channels: the account a webhook names (phone number id, page id, Instagram account id).
    facebookUserId: text('facebook_user_id').notNull().default(''),
    facebookUserToken: text('facebook_user_token').notNull().default(''),
    facebookPageUserId: text('facebook_page_user_id').notNull().default(''),
    /** The page (or Cloud API system user) access token the provider sends with. */
    tokenMeta: text('token_meta').notNull().default(''),
    /** Cloud API: the WhatsApp Business Account that owns facebookPageUserId (the phone number id). */
    wabaId: text('waba_id').notNull().default(''),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('connections_company_idx').on(t.companyId),
    uniqueIndex('connections_token_unique').on(t.token),
    uniqueIndex('connections_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
    // A webhook names the account; it must find one connection per channel.
    uniqueIndex('connections_meta_account_unique').on(t.channel, t.facebookPageUserId).where(sql`${t.facebookPageUserId} <> ''`),
  ],
);
export type ConnectionRow = typeof connections.$inferSelect;

export const connectionQueues = pgTable(
  'connection_queues',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.queueId] })],
);
