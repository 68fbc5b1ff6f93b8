import { boolean, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  users: integer('users').notNull().default(1),
  connections: integer('connections').notNull().default(1),
  queues: integer('queues').notNull().default(1),
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull().default('0'),
  isPublic: boolean('is_public').notNull().default(true),
  trialDays: integer('trial_days').notNull().default(7),
  useWhatsapp: boolean('use_whatsapp').notNull().default(true),
  useFacebook: boolean('use_facebook').notNull().default(true),
  useInstagram: boolean('use_instagram').notNull().default(true),
  useCampaigns: boolean('use_campaigns').notNull().default(true),
  useSchedules: boolean('use_schedules').notNull().default(true),
  useInternalChat: boolean('use_internal_chat').notNull().default(true),
  useExternalApi: boolean('use_external_api').notNull().default(true),
  useKanban: boolean('use_kanban').notNull().default(true),
  useOpenAi: boolean('use_open_ai').notNull().default(true),
  useIntegrations: boolean('use_integrations').notNull().default(true),
  ...timestamps,
});
export type PlanRow = typeof plans.$inferSelect;
