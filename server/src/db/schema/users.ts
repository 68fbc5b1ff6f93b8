import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { queues } from './queues';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    super: boolean('super').notNull().default(false),
    profileImage: text('profile_image'),
    startWork: text('start_work').notNull().default('00:00'),
    endWork: text('end_work').notNull().default('23:59'),
    /** Default connection; the connections table arrives with the channels issue. */
    whatsappId: integer('whatsapp_id'),
    farewellMessage: text('farewell_message'),
    defaultMenu: text('default_menu', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    defaultTheme: text('default_theme', { enum: ['light', 'dark'] })
      .notNull()
      .default('light'),
    allTicket: text('all_ticket', { enum: ['enable', 'disable'] })
      .notNull()
      .default('disable'),
    allowGroup: boolean('allow_group').notNull().default(false),
    allHistoric: text('all_historic', { enum: ['enabled', 'disabled'] }).default('disabled'),
    allUserChat: text('all_user_chat', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    userClosePendingTicket: text('user_close_pending_ticket', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    showDashboard: text('show_dashboard', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    allowRealTime: text('allow_real_time', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    allowConnections: text('allow_connections', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('disabled'),
    defaultTicketsManagerWidth: integer('default_tickets_manager_width').notNull().default(1100),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId, t.name),
    index('users_online_idx').on(t.online, t.lastSeenAt),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const userQueues = pgTable(
  'user_queues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_queue_idx').on(t.queueId)],
);

/** One row per login; the refresh token's jti rotates on each refresh. Only one live session per user. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    refreshJti: text('refresh_jti').notNull(),
    /** The jti replaced by the last rotation: accepted for a few seconds so two tabs refreshing together are not taken for theft. */
    previousJti: text('previous_jti'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    remember: boolean('remember').notNull().default(true),
    userAgent: text('user_agent'),
    ip: text('ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason'),
    ...timestamps,
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
