import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { connections } from './connections';

/**
 * The WhatsApp Web (Baileys) login of a connection: its credentials here and its signal keys in
 * channel_session_keys, so a restart or another node resumes the session without a new QR code.
 * Values are Baileys' objects as JSON with Buffers encoded by its BufferJSON; logging out deletes both.
 */
export const channelSessions = pgTable('channel_sessions', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => connections.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  creds: jsonb('creds').notNull(),
  /**
   * The newest message time this session has seen: when it comes back, the history the phone
   * delivers is ingested from here on (what arrived while the server or the phone was away).
   */
  lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ChannelSessionRow = typeof channelSessions.$inferSelect;

/** One signal key of a session: `type` is Baileys' key family (pre-key, session, sender-key, lid-mapping, …). */
export const channelSessionKeys = pgTable(
  'channel_session_keys',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    keyId: text('key_id').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The key serves both lookups Baileys makes: by (connection, type, ids) and a whole session's deletion.
  (t) => [primaryKey({ columns: [t.connectionId, t.type, t.keyId] })],
);

/**
 * The people a WhatsApp Web session learned of from the phone: its address book (`saved`, Baileys'
 * contacts events) and its chats (`chat`, history and chat events). POST /contacts/import and
 * /contacts/import/chats turn them into the company's contacts.
 */
export const channelPhoneContacts = pgTable(
  'channel_phone_contacts',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    /** The name saved on the phone, else the one the person chose; '' when neither is known. */
    name: text('name').notNull().default(''),
    saved: boolean('saved').notNull().default(false),
    chat: boolean('chat').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.number] })],
);

/**
 * Which node holds a connection's live session (WhatsApp Web): a lease its owner renews while the
 * session runs. A node opens only sessions it holds; a lease past `expiresAt` (its node died or lost
 * the database) is taken by another node's sweep. See channels/lease.ts.
 */
export const channelLeases = pgTable('channel_leases', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => connections.id, { onDelete: 'cascade' }),
  /** The node id (config NODE_ID, random per process unless set). */
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A pairing code asked on a node that does not hold the session (channels/pairing-code-relay.ts): the
 * asking node writes the request, the holder answers in `code` (or `error`, an ERR_* code), the
 * asking node reads the answer and removes the row.
 */
export const channelPairingRequests = pgTable('channel_pairing_requests', {
  id: uuid('id').primaryKey(),
  connectionId: integer('connection_id')
    .notNull()
    .references(() => connections.id, { onDelete: 'cascade' }),
  code: text('code'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
