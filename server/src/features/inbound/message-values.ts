import { type SQL, sql } from 'drizzle-orm';
import type { InboundMessage } from '../../channels/types';
import { normalizeContactNumber } from '../contacts';
import { previewText } from '../messages';

/** A named value of a prepared statement. */
export const p = (name: string) => sql.placeholder(name);

/**
 * A text message's values for the one-statement paths (active-ticket.ts, first-message.ts), the way
 * the full pipeline stores them: the number as the contacts feature keeps it, read and unread by who
 * sent it, the ticket's preview line. Null when the number has nothing to keep.
 */
export function messageValues(msg: InboundMessage) {
  const number = normalizeContactNumber(msg.from, false);
  if (!number) return null;
  const fromMe = Boolean(msg.fromMe);
  return {
    connectionId: msg.connectionId,
    number,
    externalId: msg.externalId,
    body: msg.body,
    fromMe,
    unread: fromMe ? 0 : 1,
    mediaType: msg.mediaType,
    ack: msg.ack ?? 0,
    quotedExternalId: msg.quotedExternalId ?? null,
    dataJson: msg.dataJson === undefined || msg.dataJson === null ? null : JSON.stringify(msg.dataJson),
    participant: msg.participant ?? null,
    at: msg.timestamp ? msg.timestamp.toISOString() : null,
    preview: previewText(msg.mediaType, msg.body),
  };
}

/** The message's own values in a one-statement path's insert, as SQL: by default the statement's named parameters. */
export type MessageColumns = Record<
  'connectionId' | 'externalId' | 'body' | 'fromMe' | 'mediaType' | 'ack' | 'quotedExternalId' | 'dataJson' | 'participant' | 'at',
  SQL
>;

const parameterColumns: MessageColumns = {
  connectionId: sql`${p('connectionId')}::int`,
  externalId: sql`${p('externalId')}::text`,
  body: sql`${p('body')}::text`,
  fromMe: sql`${p('fromMe')}::boolean`,
  mediaType: sql`${p('mediaType')}::text`,
  ack: sql`${p('ack')}::int`,
  quotedExternalId: sql`${p('quotedExternalId')}::text`,
  dataJson: sql`${p('dataJson')}::jsonb`,
  participant: sql`${p('participant')}::text`,
  at: sql`${p('at')}::timestamptz`,
};

/**
 * The insert of the message of a one-statement path, up to its FROM: `source` names, as SQL over the
 * statement's own CTEs, the company, ticket, contact and queue the message belongs to, and `v` its
 * values (a batch's columns; one message's parameters by default). The paths store the same columns
 * from the same values (messageValues).
 */
export function insertMessageSelect(
  source: { companyId: SQL; ticketId: SQL; contactId: SQL; queueId: SQL },
  v: MessageColumns = parameterColumns,
): SQL {
  return sql`insert into messages (company_id, ticket_id, contact_id, connection_id, queue_id, external_id, body, from_me, read,
        media_type, ack, quoted_msg_id, data_json, participant, created_at, updated_at)
      select ${source.companyId}, ${source.ticketId}, ${source.contactId}, ${v.connectionId}, ${source.queueId}, ${v.externalId},
        ${v.body}, ${v.fromMe}, ${v.fromMe}, ${v.mediaType}, ${v.ack},
        (select q.id from messages q where q.connection_id = ${v.connectionId} and q.external_id = ${v.quotedExternalId} limit 1),
        ${v.dataJson}, ${v.participant}, coalesce(${v.at}, now()), coalesce(${v.at}, now())`;
}
