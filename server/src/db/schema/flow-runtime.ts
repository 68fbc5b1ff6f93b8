import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';
import { flows } from './flows';
import { tickets } from './tickets';

export const FLOW_RUN_STATUSES = ['running', 'waiting', 'done', 'stopped'] as const;
export type FlowRunStatus = (typeof FLOW_RUN_STATUSES)[number];

/**
 * What a waiting run waits for: the customer's answer to a menu or a question, or the customer's next
 * message in a conversation with a bot node (typebot, openai), which answers it through a `flow.bot` job.
 */
export const FLOW_RUN_WAITS = ['menu', 'question', 'typebot', 'openai'] as const;
export type FlowRunWait = (typeof FLOW_RUN_WAITS)[number];

/** A typebot node's chat session: its id and when it was last used (ISO), for the node's expiry. */
export interface FlowBotSession {
  sessionId: string;
  usedAt: string;
}

/**
 * One walk of a flow on one ticket (the flow runtime's whole state; nothing lives in memory).
 * `running`: a `flow.step` job is queued for (`nodeId`, `block`, `version`); `waiting`: the run waits
 * for the customer's answer (`waitingFor`); `done`/`stopped` are final. Every move bumps `version`
 * under the row lock, and a step job carries the version it was queued for: a duplicate or stale
 * delivery finds the run moved on and does nothing, so no step runs twice.
 * `block` is the position inside a content node (its blocks are sent one step at a time, so an
 * interval between them is a delayed job too).
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    /** What started it: welcome, phrase, notPhrase, queue. */
    trigger: text('trigger').notNull(),
    nodeId: text('node_id').notNull(),
    block: integer('block').notNull().default(0),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: FLOW_RUN_STATUSES }).notNull().default('running'),
    waitingFor: text('waiting_for', { enum: FLOW_RUN_WAITS }),
    version: integer('version').notNull().default(0),
    /** Moves since the customer last answered: a drawing that loops without waiting is stopped at a bound. */
    quietSteps: integer('quiet_steps').notNull().default(0),
    /** Why it ended (human accepted, ticket closed, reached a ticket node, no way out...). */
    endReason: text('end_reason'),
    /** The Typebot session of the typebot node the run talks through (null outside one, or before it started). */
    botSession: jsonb('bot_session').$type<FlowBotSession>(),
    ...timestamps,
  },
  (t) => [
    // One live run per ticket: a second trigger while one runs is the running flow's answer, not a new run.
    uniqueIndex('flow_runs_one_live_per_ticket').on(t.ticketId).where(sql`${t.status} in ('running', 'waiting')`),
    index('flow_runs_company_idx').on(t.companyId, t.ticketId),
  ],
);
export type FlowRunRow = typeof flowRuns.$inferSelect;

/**
 * A phrase-triggered flow campaign (spec 3 §3 Flow campaign): a customer message matching `phrase`
 * (accent-, case- and spacing-insensitive) on `connectionId` (any connection when null) starts `flowId`.
 * `phraseKey` is the phrase in its matching form (see flow-campaigns/phrase.ts), kept so matching is one indexed lookup.
 */
export const flowCampaigns = pgTable(
  'flow_campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    phrase: text('phrase').notNull(),
    phraseKey: text('phrase_key').notNull(),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('flow_campaigns_company_phrase_idx').on(t.companyId, t.phraseKey)],
);
export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;
