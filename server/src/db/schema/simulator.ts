import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { connections } from './connections';

/**
 * The simulator's own side of the conversation: what the "customer's phone" received from the
 * product (outbound) with the acks it reported. Inbound messages are the product's messages.
 */
export const simulatorOutbox = pgTable(
  'simulator_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    externalId: text('external_id').notNull(),
    /** The sender's idempotency key (`msg-{id}`): a retried send returns the earlier externalId. */
    idempotencyKey: text('idempotency_key'),
    type: text('type').notNull(),
    body: text('body').notNull().default(''),
    mediaUrl: text('media_url'),
    payload: jsonb('payload'),
    ack: integer('ack').notNull().default(1),
    isEdited: boolean('is_edited').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('simulator_outbox_connection_idx').on(t.connectionId, t.number, t.id),
    uniqueIndex('simulator_outbox_idempotency_unique').on(t.connectionId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    uniqueIndex('simulator_outbox_external_unique').on(t.connectionId, t.externalId),
  ],
);
export type SimulatorOutboxRow = typeof simulatorOutbox.$inferSelect;
