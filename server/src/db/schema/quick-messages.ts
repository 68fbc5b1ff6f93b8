import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/** Quick replies addressed by a shortcode; `geral` shares with everyone, `visao` keeps it visible. */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    shortcode: text('shortcode').notNull(),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    geral: boolean('geral').notNull().default(false),
    visao: boolean('visao').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('quick_messages_company_idx').on(t.companyId, t.shortcode)],
);
export type QuickMessageRow = typeof quickMessages.$inferSelect;
