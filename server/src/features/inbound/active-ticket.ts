import { CONTACT_NAME_MAX } from '@chatflow/contract';
import { sql } from 'drizzle-orm';
import type { InboundMessage } from '../../channels/types';
import type { Db } from '../../db/client';
import { isActiveTicketStatus } from '../../db/schema';
import { insertMessageSelect, messageValues, p } from './message-values';
import { preparedSql } from '../../db/prepared';

export type AppendResult =
  | { status: 'stored'; messageId: number; ticketId: number; contactId: number; companyId: number }
  | { status: 'duplicate' }
  /** No contact has this number on the connection's company and channel yet (see first-message.ts). */
  | { status: 'unknown-contact' };

/** One round trip: see appendToActiveTicket. */
const appendStatement = preparedSql<{
  ticket_id: number | null;
  message_id: number | null;
  contact_id: number | null;
  company_id: number | null;
}>(
  'inbound_append_to_active_ticket',
  () => sql`
    with conn as (
      select id, company_id, channel from connections where id = ${p('connectionId')}::int
    ), contact as (
      select c.id, c.company_id, c.active and c.connection_id is not null
          and not (${p('pushName')}::text <> '' and c.name <> ${p('pushName')}::text and (c.name = '' or c.name = c.number)) as settled
      from contacts c join conn on c.company_id = conn.company_id and c.channel = conn.channel
      where c.number = ${p('number')}::text
    ), ticket as (
      -- The contact id as a scalar subquery, so the (contact, connection) index finds the ticket directly.
      select t.id, t.queue_id from tickets t
      where t.contact_id = (select id from contact where settled) and t.connection_id = ${p('connectionId')}::int
        and ${isActiveTicketStatus(sql.raw('t.status'))}
      order by t.id desc limit 1
      for update of t
    ), stored as (
      ${insertMessageSelect({ companyId: sql`contact.company_id`, ticketId: sql`ticket.id`, contactId: sql`contact.id`, queueId: sql`ticket.queue_id` })}
      from contact, ticket
      on conflict (connection_id, external_id) do nothing
      returning id, ticket_id, contact_id, company_id
    ), touched as (
      update tickets set last_message = ${p('preview')}::text,
        unread_messages = unread_messages + ${p('unread')}::int, updated_at = now()
      where id = (select ticket_id from stored)
      returning id
    )
    select (select id from ticket) as ticket_id, (select id::float8 from stored) as message_id,
      (select id from contact) as contact_id, (select company_id from stored) as company_id`,
);

/**
 * Most inbound messages come from a known contact into its open ticket. That case is one statement
 * (one round trip, atomic on its own): it finds the contact and locks its active ticket, stores the
 * message (ON CONFLICT on (connection, external id) makes a redelivery a no-op) and moves the ticket's
 * preview and unread count. It applies only when nothing else would change: a text message (no file
 * to write first), not a group's, from an active contact that needs no update (upsertContact's rules:
 * a contact still named after its number takes the push name; one without an origin connection gets
 * this one). A number no contact has yet answers 'unknown-contact'; anything else (a contact to update,
 * no active ticket) answers null and takes the full pipeline (ingest.ts), which handles every case.
 *
 * The ticket is locked FOR UPDATE: a ticket closed meanwhile no longer matches once the lock is
 * granted, so the message never lands in a closed ticket (the full path then opens a new one), and
 * concurrent messages of one ticket count their unread messages one after the other.
 */
export async function appendToActiveTicket(db: Db, msg: InboundMessage): Promise<AppendResult | null> {
  if (msg.media || msg.isGroup) return null;
  const values = messageValues(msg);
  if (!values) return null;
  const [row] = await appendStatement(db, { ...values, pushName: msg.name.trim().slice(0, CONTACT_NAME_MAX) });
  if (!row) return null;
  if (row.contact_id === null) return { status: 'unknown-contact' };
  if (row.ticket_id === null) return null;
  // The ticket was there and locked, so the only reason nothing was stored is the unique (connection, external id).
  if (row.message_id === null) return { status: 'duplicate' };
  return {
    status: 'stored',
    messageId: Number(row.message_id),
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    companyId: row.company_id!,
  };
}
