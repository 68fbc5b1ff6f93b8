import { index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/** Internal chat between users of one company (spec 3 "Internal chat"). */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessage: text('last_message').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('chats_company_updated_idx').on(t.companyId, t.updatedAt)],
);
export type ChatRow = typeof chats.$inferSelect;

/** Who is in a chat, and how many of its messages each has not read yet. */
export const chatUsers = pgTable(
  'chat_users',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    unreads: integer('unreads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_users_company_user_idx').on(t.companyId, t.userId)],
);
export type ChatUserRow = typeof chatUsers.$inferSelect;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.companyId, t.chatId, t.id)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;
