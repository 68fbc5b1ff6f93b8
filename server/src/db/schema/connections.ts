import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { queues } from './queues';

/**
 * A channel connection (the spec's "whatsapp"). `channel` is whatsapp, whatsappapi, facebook or
 * instagram; `provider` says how a whatsapp connection talks (`beta` = WhatsApp Web, `simulator`).
 * The full connection form (messages, bot limits, import, schedules) arrives with the channels issue.
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
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('connections_company_idx').on(t.companyId),
    uniqueIndex('connections_token_unique').on(t.token),
    uniqueIndex('connections_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
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
