import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';

export const settings = pgTable(
  'settings',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/** Platform-wide settings (super user): appearance, user creation, limits, provider secrets. */
export const globalSettings = pgTable('global_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull().default(''),
  ...timestamps,
});
