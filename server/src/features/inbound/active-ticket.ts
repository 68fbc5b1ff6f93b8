import { CONTACT_NAME_MAX } from '@chatflow/contract';
import { sql } from 'drizzle-orm';
import type { InboundMessage } from '../../channels/types';
import type { Db } from '../../db/client';
import { isActiveTicketStatus } from '../../db/schema';
import { insertMessageSelect, type MessageColumns, messageValues, p } from './message-values';
import { batchedReads, perDatabase, preparedSql } from '../../db/prepared';

export type AppendResult =
  | { status: 'stored'; messageId: number; ticketId: number; contactId: number; companyId: number }
  | { status: 'duplicate' }
  /** No contact has this number on the connection's company and channel yet (see first-message.ts). */
  | { status: 'unknown-contact' };

type AppendValues = NonNullable<ReturnType<typeof messageValues>> & { pushName: string };

/** Messages appended by one statement, at most: more at once are split (its arrays stay small). */
const BATCH_MAX = 64;

/** The message's values in the batch statement: the columns of its `target` rows. */
const batchColumns: MessageColumns = {
  connectionId: sql`target.connection_id`,
  externalId: sql`target.external_id`,
  body: sql`target.body`,
  fromMe: sql`target.from_me`,
  mediaType: sql`target.media_type`,
  ack: sql`target.ack`,
  quotedExternalId: sql`target.quoted_external_id`,
  dataJson: sql`target.data_json`,
  participant: sql`target.participant`,
  at: sql`target.at`,
};

/**
 * One round trip for the messages appended together (see appendToActiveTicket), one row per message
 * in their order. Each ticket is locked once, in id order (a lock under ORDER BY takes row after row
 * in that order, so two batches never wait for each other crosswise), its messages are stored in
 * their order, and it moves once: its preview is its newest stored message's, its unread count grows
 * by theirs. A message id given twice in a batch is stored once: the later ones find it as a duplicate.
 * The lock is FOR NO KEY UPDATE, the one the ticket's own update takes: it queues appends and turns of
 * the ticket, but not the key-share locks of rows that refer to the ticket (a turn's state, a message
 * stored elsewhere), which under FOR UPDATE made batches deadlock with the turns' records.
 */
const appendStatement = preparedSql<{
  ord: number;
  contact_id: number | null;
  ticket_id: number | null;
  message_id: number | null;
  company_id: number | null;
}>(
  'inbound_append_to_active_tickets',
  () => sql`
    with input as (
      select * from unnest(${p('connectionIds')}::int[], ${p('numbers')}::text[], ${p('pushNames')}::text[],
        ${p('externalIds')}::text[], ${p('bodies')}::text[], ${p('fromMes')}::boolean[], ${p('mediaTypes')}::text[],
        ${p('acks')}::int[], ${p('quotedExternalIds')}::text[], ${p('dataJsons')}::jsonb[], ${p('participants')}::text[],
        ${p('ats')}::timestamptz[], ${p('previews')}::text[], ${p('unreads')}::int[])
        with ordinality as i(connection_id, number, push_name, external_id, body, from_me, media_type, ack,
          quoted_external_id, data_json, participant, at, preview, unread, ord)
    ), contact as (
      select i.ord, c.id, c.company_id, c.active and c.connection_id is not null
          and not (i.push_name <> '' and c.name <> i.push_name and (c.name = '' or c.name = c.number)) as settled
      from input i join connections conn on conn.id = i.connection_id
      join contacts c on c.company_id = conn.company_id and c.channel = conn.channel and c.number = i.number
    ), ticket as (
      select t.id, t.queue_id, t.contact_id, t.connection_id from tickets t
      -- As two arrays, so both columns of the one-active-ticket index bound its scan (a pair IN bound only
      -- the connection, and scanned every active ticket of it); target below keeps each message's own pair.
      where t.contact_id = any(array(select c.id from contact c where c.settled))
        and t.connection_id = any(array(select distinct i.connection_id from input i))
        and ${isActiveTicketStatus(sql.raw('t.status'))}
      order by t.id
      for no key update of t
    ), target as (
      select i.*, c.id as contact_id, c.company_id, t.id as ticket_id, t.queue_id,
        row_number() over (partition by i.connection_id, i.external_id order by i.ord) = 1 as first_of_id
      from input i join contact c using (ord) join ticket t on t.contact_id = c.id and t.connection_id = i.connection_id
      where c.settled
    ), stored as (
      ${insertMessageSelect(
        {
          companyId: sql`target.company_id`,
          ticketId: sql`target.ticket_id`,
          contactId: sql`target.contact_id`,
          queueId: sql`target.queue_id`,
        },
        batchColumns,
      )}
      from target where first_of_id order by ord
      on conflict (connection_id, external_id) do nothing
      returning id, ticket_id, connection_id, external_id
    ), landed as (
      select target.ord, target.ticket_id, target.preview, target.media_type, target.unread, stored.id
      from stored join target on target.first_of_id and target.connection_id = stored.connection_id and target.external_id = stored.external_id
    ), touched as (
      -- A message this path takes has no file: the preview's file name and length are emptied.
      update tickets set last_message = moved.preview, last_message_type = moved.media_type, last_message_media_name = null,
        last_message_seconds = null, unread_messages = unread_messages + moved.unread, updated_at = now()
      from (select ticket_id, (array_agg(preview order by ord desc))[1] as preview,
          (array_agg(media_type order by ord desc))[1] as media_type, sum(unread)::int as unread
        from landed group by ticket_id) as moved
      where tickets.id = moved.ticket_id
    )
    select i.ord::int as ord, contact.id as contact_id, target.ticket_id, landed.id::float8 as message_id, target.company_id
    from input i left join contact using (ord) left join target using (ord) left join landed using (ord)
    order by i.ord`,
);

type AppendRow = Awaited<ReturnType<typeof appendStatement>>[number];

/** The messages appended while others are on their way go together, in one statement. */
const appender = perDatabase((db) =>
  batchedReads<AppendValues, AppendRow>(
    (batch) => {
      const column = <T>(pick: (v: AppendValues) => T) => batch.map(pick);
      return appendStatement(db, {
        connectionIds: column((v) => v.connectionId),
        numbers: column((v) => v.number),
        pushNames: column((v) => v.pushName),
        externalIds: column((v) => v.externalId),
        bodies: column((v) => v.body),
        fromMes: column((v) => v.fromMe),
        mediaTypes: column((v) => v.mediaType),
        acks: column((v) => v.ack),
        quotedExternalIds: column((v) => v.quotedExternalId),
        dataJsons: column((v) => v.dataJson),
        participants: column((v) => v.participant),
        ats: column((v) => v.at),
        previews: column((v) => v.preview),
        unreads: column((v) => v.unread),
      });
    },
    { maxKeys: BATCH_MAX },
  ),
);

/**
 * Most inbound messages come from a known contact into its open ticket. That case is one statement
 * (one round trip, atomic on its own), shared by the messages appended at once: it finds the contact
 * and locks its active ticket, stores the message (ON CONFLICT on (connection, external id) makes a
 * redelivery a no-op) and moves the ticket's preview and unread count. It applies only when nothing
 * else would change: a text message (no file to write first), not a group's, from an active contact
 * that needs no update (upsertContact's rules: a contact still named after its number takes the push
 * name; one without an origin connection gets this one). A number no contact has yet answers
 * 'unknown-contact'; anything else (a contact to update, no active ticket) answers null and takes the
 * full pipeline (ingest.ts), which handles every case. A statement that fails fails for every message
 * of its batch: each then takes the full pipeline, or fails, as it would alone.
 *
 * The ticket is locked: a ticket closed meanwhile no longer matches once the lock is granted, so the message never lands in a closed ticket (the full path then opens a new one), and
 * concurrent messages of one ticket count their unread messages one after the other.
 */
export async function appendToActiveTicket(db: Db, msg: InboundMessage): Promise<AppendResult | null> {
  if (msg.media || msg.isGroup) return null;
  const values = messageValues(msg);
  if (!values) return null;
  const row = await appender(db)({ ...values, pushName: msg.name.trim().slice(0, CONTACT_NAME_MAX) });
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
