import { type Actor, canSeeTicket, isAdmin, type TicketVisibility } from '@chatflow/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tickets, userQueues } from '../../db/schema';

/** The queues an agent belongs to (user_queues): what canSeeTicket reads besides the user's flags. */
export async function actorQueueIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId));
  return rows.map((r) => r.queueId);
}

/** The contract's canSeeTicket, for callers that hold a ticket row. */
export const actorSees = (actor: Actor, queueIds: readonly number[], ticket: TicketVisibility) =>
  canSeeTicket(actor, queueIds, ticket);

/**
 * canSeeTicket written as SQL over `tickets`, so a list returns exactly the tickets a single fetch
 * would return and realtime would deliver: admins see all; otherwise the owner, group tickets for
 * allowGroup, queued tickets for queue members, queueless tickets for allTicket.
 */
export function visibleTicketsSql(actor: Actor, queueIds: readonly number[]): SQL {
  if (isAdmin(actor)) return sql`true`;
  const terms: SQL[] = [eq(tickets.userId, actor.id)];
  if (actor.allowGroup) terms.push(eq(tickets.isGroup, true));
  const nonGroup: SQL[] = [];
  if (queueIds.length > 0) nonGroup.push(inArray(tickets.queueId, [...queueIds]));
  if (actor.allTicket === 'enable') nonGroup.push(isNull(tickets.queueId));
  // Only with a branch to take: and(isGroup = false) alone would let every non-group ticket through.
  if (nonGroup.length > 0) terms.push(and(eq(tickets.isGroup, false), or(...nonGroup)) as SQL);
  return or(...terms) as SQL;
}
