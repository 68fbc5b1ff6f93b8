import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { connections } from './connections';
import { contacts } from './contacts';
import { queues } from './queues';
import { users } from './users';

/**
 * Scheduled messages (spec 3 §3 Schedule). A schedule is sent `enviarQuantasVezes` times; `timesSent`
 * counts the sends done and names the next occurrence, so a dispatch job carrying a stale occurrence
 * number finds nothing to do (at most once per occurrence). `firstSendAt` anchors the recurrence, so
 * a monthly send on the 31st stays on the 31st after a short month. Contact and connection are set to
 * null when deleted: the next send then fails with a reason (status ERRO) instead of vanishing.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    firstSendAt: timestamp('first_send_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    status: text('status').$type<'PENDENTE' | 'ENVIADA' | 'ERRO'>().notNull().default('PENDENTE'),
    errorReason: text('error_reason'),
    openTicket: text('open_ticket').$type<'enabled' | 'disabled'>().notNull().default('disabled'),
    ticketUserId: integer('ticket_user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    statusTicket: text('status_ticket').$type<'closed' | 'open'>().notNull().default('closed'),
    intervalo: integer('intervalo').notNull().default(1),
    valorIntervalo: integer('valor_intervalo').notNull().default(1),
    enviarQuantasVezes: integer('enviar_quantas_vezes').notNull().default(1),
    timesSent: integer('times_sent').notNull().default(0),
    tipoDias: integer('tipo_dias').notNull().default(4),
    assinar: boolean('assinar').notNull().default(false),
    whatsappId: integer('whatsapp_id').references(() => connections.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** The attachment's kind from its bytes (image, video, audio, document), as the send needs it. */
    mediaType: text('media_type'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('schedules_company_send_at_idx').on(t.companyId, t.sendAt),
    index('schedules_company_contact_idx').on(t.companyId, t.contactId),
  ],
);
export type ScheduleRow = typeof schedules.$inferSelect;
