import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { queueOptions } from './queue-options';
import { tickets } from './tickets';

export const AUTOMATION_STAGES = ['lgpd', 'queue', 'options', 'done'] as const;
export type AutomationStage = (typeof AUTOMATION_STAGES)[number];

/**
 * Where the inbound automation engine is with one ticket: choosing a queue, walking a queue's option
 * tree (at `optionId`'s children, or the roots when null), or done. `lastMessageId` is the newest
 * customer message already answered: the answer's messages and this row commit together, so a re-run
 * of the job after a crash finds the message handled and sends nothing twice.
 */
export const ticketAutomations = pgTable('ticket_automations', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  stage: text('stage', { enum: AUTOMATION_STAGES }).notNull().default('queue'),
  optionId: integer('option_id').references(() => queueOptions.id, { onDelete: 'set null' }),
  lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
  /** When a menu was last sent (timeUseBotQueues counts from here once maxUseBotQueues is reached). */
  menuSentAt: timestamp('menu_sent_at', { withTimezone: true, mode: 'date' }),
  /** The customer message the inactivity message was last sent after (said once per silence). */
  inactiveSentFor: bigint('inactive_sent_for', { mode: 'number' }),
  ...timestamps,
});
export type TicketAutomationRow = typeof ticketAutomations.$inferSelect;
