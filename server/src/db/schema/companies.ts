import { sql } from 'drizzle-orm';
import type { CompanyScheduleItem } from '@chatflow/contract';
import { boolean, date, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { plans } from './plans';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    document: text('document').notNull().default(''),
    addressStreet: text('address_street').notNull().default(''),
    addressCity: text('address_city').notNull().default(''),
    addressState: text('address_state').notNull().default(''),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: boolean('status').notNull().default(false),
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * The day of the month renewals come back to (1-31): a due date clamped to a short month (31 Jan to
     * 28 Feb) returns to the 31st the month after. Null: the due date's own day (set by hand or at creation).
     */
    dueDay: smallint('due_day'),
    recurrence: text('recurrence').notNull().default('MENSAL'),
    paymentMethod: text('payment_method').notNull().default(''),
    numberAttendants: integer('number_attendants').notNull().default(1),
    numberConections: integer('number_conections').notNull().default(1),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /** Company-wide service hours, used when the scheduleType setting is "company". */
    schedules: jsonb('schedules').$type<CompanyScheduleItem[]>().notNull().default([]),
    /** The company whose signup link brought this one (signup ?companyId=). */
    referrerCompanyId: integer('referrer_company_id'),
    lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('companies_name_unique').on(sql`lower(${t.name})`)],
);
export type CompanyRow = typeof companies.$inferSelect;
