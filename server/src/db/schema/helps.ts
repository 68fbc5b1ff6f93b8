import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  video: text('video').notNull().default(''),
  ...timestamps,
});
