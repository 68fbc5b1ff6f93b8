import { index, integer, pgTable, serial, text, boolean, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { fileLists } from './file-lists';
import { queues } from './queues';
import { users } from './users';

export const QUEUE_OPTION_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const;

/**
 * One option of a queue's chatbot tree (spec 2 §3 Chatbot option). Roots have no parent; children
 * belong to the option above them. `queueType` says what choosing it does: show text and go a level
 * down, hand over to an attendant, move to another queue, run an integration, or send a file list.
 */
export const queueOptions = pgTable(
  'queue_options',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => queueOptions.id, { onDelete: 'cascade' }),
    /** Position among its siblings: the number the customer types in a text menu is position + 1. */
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    queueType: text('queue_type', { enum: QUEUE_OPTION_TYPES }).notNull().default('text'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    optQueueId: integer('opt_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    optUserId: integer('opt_user_id').references(() => users.id, { onDelete: 'set null' }),
    optIntegrationId: integer('opt_integration_id'),
    optFileId: integer('opt_file_id').references(() => fileLists.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('queue_options_queue_idx').on(t.queueId, t.parentId, t.position), index('queue_options_parent_idx').on(t.parentId)],
);
export type QueueOptionRow = typeof queueOptions.$inferSelect;
