import { and, type AnyColumn, eq, isNotNull, type Placeholder } from 'drizzle-orm';
import { ticketTrackings } from '../../db/schema';

/**
 * An attendance of the contact on the connection that asked for a rating and got none: a closed
 * ticket whose tracking has ratingAt and is not rated. One definition for the first turn's hint
 * (turn.ts, over an alias of tickets: `rated` is the tickets table or that alias) and for the read of which attendance it is (rating.ts).
 */
export function awaitingRatingWhere(
  rated: { contactId: AnyColumn; connectionId: AnyColumn; status: AnyColumn },
  contactId: AnyColumn | Placeholder,
  connectionId: AnyColumn | Placeholder,
) {
  return and(
    eq(rated.contactId, contactId),
    eq(rated.connectionId, connectionId),
    eq(rated.status, 'closed'),
    eq(ticketTrackings.rated, false),
    isNotNull(ticketTrackings.ratingAt),
  );
}
