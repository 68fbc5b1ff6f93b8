import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/** Tags classify contacts and tickets; kanban = 1 makes a tag a kanban lane. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    kanban: integer('kanban').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('tags_company_idx').on(t.companyId, t.kanban, t.name)],
);
export type TagRow = typeof tags.$inferSelect;
