import { type SQL, sql } from 'drizzle-orm';
import type { InboundMessage } from '../../channels/types';
import { normalizeContactNumber } from '../contacts';
import { inboundPreview } from './preview';

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
    preview: inboundPreview(msg.mediaType, msg.body, null),
  };
}

/**
 * The insert of the message of a one-statement path, up to its FROM: `source` names, as SQL over the
 * statement's own CTEs, the company, ticket, contact and queue the message belongs to. Both paths
 * store the same columns from the same values (messageValues).
 */
export function insertMessageSelect(source: { companyId: SQL; ticketId: SQL; contactId: SQL; queueId: SQL }): SQL {
  return sql`insert into messages (company_id, ticket_id, contact_id, connection_id, queue_id, external_id, body, from_me, read,
        media_type, ack, quoted_msg_id, data_json, participant, created_at, updated_at)
      select ${source.companyId}, ${source.ticketId}, ${source.contactId}, ${p('connectionId')}::int, ${source.queueId}, ${p('externalId')}::text,
        ${p('body')}::text, ${p('fromMe')}::boolean, ${p('fromMe')}::boolean, ${p('mediaType')}::text, ${p('ack')}::int,
        (select q.id from messages q where q.connection_id = ${p('connectionId')}::int and q.external_id = ${p('quotedExternalId')}::text limit 1),
        ${p('dataJson')}::jsonb, ${p('participant')}::text,
        coalesce(${p('at')}::timestamptz, now()), coalesce(${p('at')}::timestamptz, now())`;
}
