import { type AnyPgColumn, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
    /** Kanban lane: after this many hours in the lane a card moves to nextLaneId (0: never). */
    timeLane: integer('time_lane').notNull().default(0),
    nextLaneId: integer('next_lane_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    /** Kanban lane: a customer's reply moves the card back to this lane. */
    rollbackLaneId: integer('rollback_lane_id').references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    /** Kanban lane: sent to the contact when a card enters the lane ('' sends nothing). */
    greetingMessageLane: text('greeting_message_lane').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('tags_company_idx').on(t.companyId, t.kanban, t.name)],
);
export type TagRow = typeof tags.$inferSelect;
