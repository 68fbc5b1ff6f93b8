import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';

/** One component of a WhatsApp template as Graph returns it (HEADER, BODY, FOOTER, BUTTONS). */
export interface TemplateComponentRow {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string; phone_number?: string }[];
}

/**
 * The message templates of a Cloud API connection's WhatsApp Business Account, as Meta last said
 * (GET /{waba-id}/message_templates, and the message_template_status_update webhooks). Only Meta
 * creates them; a sync replaces the connection's list.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    /** Meta's template id (message_template_id in the webhooks). */
    metaId: text('meta_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull().default(''),
    /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED, ... as Meta names it. */
    status: text('status').notNull(),
    /** Why Meta rejected, paused or disabled it (the webhook's reason), '' otherwise. */
    reason: text('reason').notNull().default(''),
    /** NAMED or POSITIONAL ({{1}}): how its variables are filled when sent. */
    parameterFormat: text('parameter_format').notNull().default('POSITIONAL'),
    components: jsonb('components').$type<TemplateComponentRow[]>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('message_templates_company_idx').on(t.companyId, t.connectionId),
    uniqueIndex('message_templates_connection_meta_unique').on(t.connectionId, t.metaId),
  ],
);
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
