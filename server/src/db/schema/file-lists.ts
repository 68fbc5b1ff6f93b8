import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/** A named list of files with a message (spec 3 "File lists"), sent by a chatbot's file option. */
export const fileLists = pgTable(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('file_lists_company_idx').on(t.companyId, t.name)],
);
export type FileListRow = typeof fileLists.$inferSelect;

/** One file of a list; `path` is the stored media path, empty until the file is uploaded. */
export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull().default(''),
    mediaType: text('media_type').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('file_list_options_list_idx').on(t.fileListId)],
);
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
