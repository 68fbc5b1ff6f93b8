import { CONTACT_NAME_MAX } from '@chatflow/contract';
import { sql } from 'drizzle-orm';
import type { InboundMessage } from '../../channels/types';
import type { Db } from '../../db/client';
import { insertMessageSelect, messageValues, p } from './message-values';
import { preparedSql } from '../../db/prepared';

export type FirstMessageResult =
  | { status: 'stored'; messageId: number; ticketId: number; contactId: number; companyId: number }
  | { status: 'duplicate' };

/** One round trip, atomic on its own (no transaction around it): see openFirstTicket. */
const firstMessageStatement = preparedSql<{
  contact_id: number | null;
  ticket_id: number | null;
  company_id: number | null;
  message_id: number | null;
  stored: boolean;
}>(
  'inbound_first_message',
  () => sql`
    with conn as (
      select c.id, c.company_id, c.channel,
        (select case when count(*) = 1 then min(cq.queue_id) end from connection_queues cq where cq.connection_id = c.id) as queue_id
      from connections c where c.id = ${p('connectionId')}::int
        -- A redelivery writes nothing at all (see openFirstTicket for one racing with its original).
        and not exists (select 1 from messages m where m.connection_id = c.id and m.external_id = ${p('externalId')}::text)
    ), contact as (
      insert into contacts (company_id, channel, number, name, is_group, connection_id, url_picture)
      select company_id, channel, ${p('number')}::text, ${p('name')}::text, false, id, '' from conn
      on conflict (company_id, channel, number) do nothing
      returning id
    ), ticket as (
      insert into tickets (company_id, contact_id, connection_id, queue_id, status, channel, is_group, unread_messages, last_message,
        last_message_type)
      select conn.company_id, contact.id, conn.id, conn.queue_id, 'pending', conn.channel, false, ${p('unread')}::int, ${p('preview')}::text,
        ${p('mediaType')}::text
      from conn, contact
      returning id, company_id, contact_id, queue_id
    ), logged as (
      insert into ticket_logs (company_id, ticket_id, queue_id, type)
      select company_id, id, queue_id, 'create' from ticket
    ), stored as (
      ${insertMessageSelect({ companyId: sql`ticket.company_id`, ticketId: sql`ticket.id`, contactId: sql`ticket.contact_id`, queueId: sql`ticket.queue_id` })}
      from ticket
      returning id
    )
    select (select id from contact) as contact_id, (select id from ticket) as ticket_id,
      (select company_id from ticket) as company_id, (select id::float8 from stored) as message_id,
      exists(select 1 from messages m where m.connection_id = ${p('connectionId')}::int and m.external_id = ${p('externalId')}::text) as stored`,
);

/**
 * The first message of a number the company has never heard from, in one statement: the contact
 * (named after the push name, else the number, with this connection as its origin), its pending
 * ticket (the connection's queue when it has exactly one, a 'create' log entry, the message as
 * preview and one unread) and the message. It is what the full pipeline would write for that case,
 * in one round trip instead of a dozen, and a statement is atomic on its own: no transaction (and
 * no BEGIN and COMMIT round trips) around it.
 *
 * The contact insert is ON CONFLICT DO NOTHING on (company, channel, number): when another message
 * of the same number got there first (it waits for that transaction), nothing is written and the
 * answer is null, as it is for anything but a plain person's text message; the full pipeline then
 * takes the message. A message whose external id is already stored writes nothing and is a
 * duplicate. One whose original is being stored at this very moment, not yet committed, makes the
 * message insert fail on the unique (connection, external id) once the original commits: the whole
 * statement, contact and ticket included, is undone, and the caller hands the message to the full
 * pipeline, which finds it stored.
 */
export async function openFirstTicket(db: Db, msg: InboundMessage): Promise<FirstMessageResult | null> {
  if (msg.media || msg.isGroup) return null;
  const values = messageValues(msg);
  if (!values) return null;
  const name = msg.name.trim().slice(0, CONTACT_NAME_MAX) || values.number;
  const [row] = await firstMessageStatement(db, { ...values, name });
  if (row?.stored && row.message_id === null) return { status: 'duplicate' };
  if (!row || row.contact_id === null || row.ticket_id === null || row.message_id === null) return null;
  return {
    status: 'stored',
    messageId: Number(row.message_id),
    ticketId: row.ticket_id,
    contactId: row.contact_id,
    companyId: row.company_id!,
  };
}
