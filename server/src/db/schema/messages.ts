import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, type AnyPgColumn, bigint } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';
import { contacts } from './contacts';
import { queues } from './queues';
import { tickets } from './tickets';
import { users } from './users';

/**
 * Messages of a ticket. `externalId` is the provider's id: (connection, externalId) is unique, so a
 * provider's retry never stores a message twice. Media files live under DATA_DIR/public; `mediaUrl`
 * is their public path.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    /** The agent who sent it (outbound). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    mediaType: text('media_type').notNull().default('conversation'),
    mediaUrl: text('media_url'),
    mediaName: text('media_name'),
    /** 0 clock, 1 sent, 2 delivered, 3 read, 4 played (audio), 5 played. */
    ack: integer('ack').notNull().default(0),
    isPrivate: boolean('is_private').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    quotedMsgId: bigint('quoted_msg_id', { mode: 'number' }).references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    dataJson: jsonb('data_json'),
    /**
     * Why the network refused this outbound message for good (an ERR_* code: not on WhatsApp, window
     * closed, invalid parameter); null while it is sent or still being tried. No one retries it.
     */
    sendError: text('send_error'),
    /** Who wrote in a group. */
    participant: text('participant'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_connection_external_unique').on(t.connectionId, t.externalId),
    index('messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    index('messages_company_created_idx').on(t.companyId, t.fromMe, t.createdAt),
    index('messages_body_trgm_idx').using('gin', sql`${t.body} gin_trgm_ops`),
    // The stuck-outbound sweeper's query (every minute): only unsent outbound rows are in it, so it stays tiny.
    index('messages_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.fromMe} = true and ${t.ack} = 0 and ${t.externalId} is null and ${t.isPrivate} = false`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;
