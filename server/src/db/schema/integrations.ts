import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { queues } from './queues';
import { tickets } from './tickets';

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;

/**
 * A bot platform a queue (queues.integration_id) or a connection (connections.integration_id) hands
 * its customers to (spec 3 §3 "Queue integration"). `signingSecret` signs webhook and n8n deliveries.
 */
export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type', { enum: QUEUE_INTEGRATION_TYPES }).notNull(),
    name: text('name').notNull(),
    projectName: text('project_name').notNull().default(''),
    jsonContent: text('json_content').notNull().default(''),
    language: text('language', { enum: ['pt-BR', 'en', 'es'] })
      .notNull()
      .default('pt-BR'),
    urlN8N: text('url_n8n').notNull().default(''),
    typebotSlug: text('typebot_slug').notNull().default(''),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotKeywordFinish: text('typebot_keyword_finish').notNull().default(''),
    typebotKeywordRestart: text('typebot_keyword_restart').notNull().default(''),
    typebotRestartMessage: text('typebot_restart_message').notNull().default(''),
    typebotUnknownMessage: text('typebot_unknown_message').notNull().default(''),
    signingSecret: text('signing_secret').notNull(),
    ...timestamps,
  },
  (t) => [index('queue_integrations_company_idx').on(t.companyId, t.name)],
);
export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;

/**
 * Where a ticket stands with the integration or assistant serving it: the newest customer message
 * handled (a second run of the same turn does nothing) and the Typebot session with its last use
 * (expiry is counted from it).
 */
export const ticketIntegrationStates = pgTable('ticket_integration_states', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lastMessageId: integer('last_message_id').notNull().default(0),
  sessionId: text('session_id'),
  sessionUsedAt: timestamp('session_used_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});
export type TicketIntegrationStateRow = typeof ticketIntegrationStates.$inferSelect;

/** An AI assistant answering a queue's customers (spec 3 §3 "Prompt"). `apiKey` never leaves the server. */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    apiKey: text('api_key').notNull(),
    prompt: text('prompt').notNull(),
    voice: text('voice').notNull().default('texto'),
    voiceKey: text('voice_key').notNull().default(''),
    voiceRegion: text('voice_region').notNull().default(''),
    temperature: doublePrecision('temperature').notNull().default(1),
    maxTokens: integer('max_tokens').notNull().default(100),
    maxMessages: integer('max_messages').notNull().default(10),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('prompts_company_idx').on(t.companyId, t.queueId)],
);
export type PromptRow = typeof prompts.$inferSelect;
