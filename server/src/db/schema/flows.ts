import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { FlowDocument } from '@chatflow/contract';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A conversation flow drawn in the flow builder (spec 3 §3 Flow): the whole drawing is one document
 * `{nodes, connections}` (see FlowDocument in the contract), null until the first save. The editor
 * writes it; the flow runtime only reads it.
 */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    flow: jsonb('flow').$type<FlowDocument | null>(),
    ...timestamps,
  },
  (t) => [index('flows_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);
export type FlowRow = typeof flows.$inferSelect;
