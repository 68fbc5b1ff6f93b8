import { type SQLWrapper, sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';
import { contacts } from './contacts';
import { queues } from './queues';
import { tags } from './tags';
import { users } from './users';

export const TICKET_STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'] as const;

/**
 * A ticket still being served: a contact has at most one per connection (tickets_one_active_per_contact),
 * and its new messages land in it. Every SQL text that means "active" derives from this list.
 */
export const ACTIVE_TICKET_STATUSES = ['open', 'pending', 'group'] as const satisfies readonly (typeof TICKET_STATUSES)[number][];

/**
 * `<status> in ('open', 'pending', 'group')` with the values as literals, not parameters: a partial
 * index (and an ON CONFLICT naming it) is used only when the query's predicate implies the index's
 * at planning time, which a parameter never does. `status` is the column or, in hand-written SQL, its alias.
 */
export const isActiveTicketStatus = (status: SQLWrapper) =>
  sql`${status} in (${sql.raw(ACTIVE_TICKET_STATUSES.map((s) => `'${s}'`).join(', '))})`;

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The spec's whatsappId. */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('pending'),
    channel: text('channel', { enum: ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] })
      .notNull()
      .default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    unreadMessages: integer('unread_messages').notNull().default(0),
    /** The newest message the customer could see, as text (a file's caption; never a file name). */
    lastMessage: text('last_message').notNull().default(''),
    /** That message's kind (a MESSAGE_KINDS value): the lists show a file as what it is ("📷 Foto"). */
    lastMessageType: text('last_message_type').notNull().default('conversation'),
    /** The sender's name of that message's file (a document's "nome.pdf"), null without one. */
    lastMessageMediaName: text('last_message_media_name'),
    /** An audio's length in seconds when it is known (an Ogg/Opus voice note). */
    lastMessageSeconds: integer('last_message_seconds'),
    useIntegration: boolean('use_integration').notNull().default(false),
    integrationId: integer('integration_id'),
    /** The AI assistant (prompts.id) serving the ticket while useIntegration is on, instead of an integration. */
    promptId: integer('prompt_id'),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    /** Times the chatbot menu was shown (the connection's maxUseBotQueues bounds it). */
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    /** Set when the ticket was opened by an import of the phone's old messages (POST /closedimported closes these). */
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_uuid_unique').on(t.uuid),
    // The list views walk one of the three *_recent_idx in their order (updatedAt, id), from either end,
    // and stop after a page or the count's cap. After the order, each holds the columns the views test
    // (queue, user, group flag, unread, connection, contact), so on settled rows a walk reads the index
    // alone (an index-only scan) instead of visiting the row of every ticket it passes.
    // A tab (open, pending, group, closed): company + status.
    index('tickets_status_recent_idx').on(
      t.companyId,
      t.status,
      t.updatedAt,
      t.id,
      t.queueId,
      t.userId,
      t.isGroup,
      t.unreadMessages,
      t.connectionId,
      t.contactId,
    ),
    // An agent's own tickets of a status (open tab, a user's closed tab, unread notifications), and the
    // admin's users filter, which reads those agents' tickets first (with the connection filter beside it).
    index('tickets_user_recent_idx').on(
      t.companyId,
      t.userId,
      t.status,
      t.updatedAt,
      t.id,
      t.queueId,
      t.isGroup,
      t.unreadMessages,
      t.connectionId,
      t.contactId,
    ),
    // The search view (every status) over the whole history.
    index('tickets_company_recent_idx').on(
      t.companyId,
      t.updatedAt,
      t.id,
      t.status,
      t.queueId,
      t.userId,
      t.isGroup,
      t.connectionId,
      t.contactId,
    ),
    // Counts of a few queues' tickets of a status (an agent's badges), in any order.
    index('tickets_list_idx').on(t.companyId, t.status, t.queueId, t.updatedAt),
    index('tickets_contact_idx').on(t.contactId),
    // The dashboard and the report read the tickets created within a period, newest first. The
    // columns after id are the dashboard's scope and filters, read from the index alone (tickets'
    // updates are not HOT anyway: updated_at is indexed).
    index('tickets_company_created_idx').on(t.companyId, t.createdAt, t.id, t.status, t.userId, t.queueId, t.connectionId),
    // One open/pending ticket per contact and connection, even under concurrent inbound messages.
    uniqueIndex('tickets_one_active_per_contact').on(t.contactId, t.connectionId).where(isActiveTicketStatus(t.status)),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** When the ticket got the tag (full precision, as text): a lane's timer acts only on the entry it was set for. */
    enteredAt: timestamp('entered_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId)],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    ...timestamps,
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId), index('ticket_notes_contact_idx').on(t.contactId)],
);

export const TICKET_LOG_TYPES = [
  'create',
  'chatBot',
  'queue',
  'open',
  'access',
  'transfered',
  'receivedTransfer',
  'pending',
  'closed',
  'reopen',
  'redirect',
  'integrationFailed',
  'integrationHandoff',
] as const;

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    type: text('type', { enum: TICKET_LOG_TYPES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_logs_ticket_idx').on(t.ticketId, t.createdAt),
    // The dashboard's active tickets: the create log (one per ticket) of a range of ticket ids, and who wrote it.
    index('ticket_logs_create_idx').on(t.ticketId, t.userId).where(sql`${t.type} = 'create'`),
  ],
);

/** Timings of one attendance of a ticket, for reports (waiting, service and rating). */
export const ticketTrackings = pgTable(
  'ticket_trackings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id'),
    queueId: integer('queue_id'),
    userId: integer('user_id'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    ratingAt: timestamp('rating_at', { withTimezone: true, mode: 'date' }),
    rated: boolean('rated').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // A ticket's attendances; the timings after the id are what the dashboard averages over a range of
    // ticket ids, read from the index alone. The cost: updating a timing is no longer a HOT update.
    index('ticket_trackings_ticket_idx').on(t.ticketId, t.userId, t.queuedAt, t.startedAt, t.finishedAt, t.ratingAt, t.rated),
    index('ticket_trackings_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const userRatings = pgTable(
  'user_ratings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // A ticket's ratings; the dashboard's NPS and averages read a range of ticket ids from the index alone.
    index('user_ratings_ticket_idx').on(t.ticketId, t.userId, t.rate),
    index('user_ratings_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
