import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';

/**
 * Platform announcements (spec 3 "Announcements"): written by the super company, read by every user
 * of every company. company_id records the author's company.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    priority: smallint('priority').notNull().default(3),
    status: boolean('status').notNull().default(true),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    ...timestamps,
  },
  (t) => [index('announcements_status_idx').on(t.status, t.id)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
