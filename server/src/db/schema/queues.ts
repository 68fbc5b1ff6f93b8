import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';

export interface QueueScheduleRow {
  weekday: string;
  weekdayEn?: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    orderQueue: integer('order_queue'),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    closeTicket: boolean('close_ticket').notNull().default(false),
    ativarRoteador: boolean('ativar_roteador').notNull().default(false),
    tempoRoteador: integer('tempo_roteador').notNull().default(0),
    integrationId: integer('integration_id'),
    fileListId: integer('file_list_id'),
    /** The queue's token (spec 2 §3): write-only through the API, '' when none. */
    token: text('token').notNull().default(''),
    schedules: jsonb('schedules').$type<QueueScheduleRow[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('queues_company_idx').on(t.companyId, t.orderQueue),
    uniqueIndex('queues_company_color_unique').on(t.companyId, sql`lower(${t.color})`),
    uniqueIndex('queues_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
  ],
);
export type QueueRow = typeof queues.$inferSelect;
