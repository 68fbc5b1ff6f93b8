import { sql } from 'drizzle-orm';
import type { InboundMessage } from '../../channels/types';
import { normalizeContactNumber } from '../contacts/service';
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
