import { type Actor, canSeeTicket, isAdmin, type TicketVisibility } from '@chatflow/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tickets, userQueues } from '../../db/schema';

/** The queues an agent belongs to (user_queues): what canSeeTicket reads besides the user's flags. */
export async function actorQueueIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ queueId: userQueues.queueId }).from(userQueues).where(eq(userQueues.userId, userId));
  return rows.map((r) => r.queueId);
}

/** The acting user's queues: loaded with the session on most routes, else read now. */
export async function queueIdsOf(ctx: { db: DbOrTx; actor: Pick<Actor, 'id'>; queueIds?: number[] }): Promise<number[]> {
  return ctx.queueIds ?? actorQueueIds(ctx.db, ctx.actor.id);
}

/** The contract's canSeeTicket, for callers that hold a ticket row. */
export const actorSees = (actor: Actor, queueIds: readonly number[], ticket: TicketVisibility) => canSeeTicket(actor, queueIds, ticket);

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

/**
 * visibleTicketsSql and a queue selection in one condition, for the lists: tickets the actor may see
 * that also pass the selection (`chosen` queues, or null for none), where a selection always lets
 * through tickets without a queue and the actor's own. Each branch of the visibility rule is narrowed
 * by the selection on its own, so the whole is a single OR. Written as two ORs over the same columns
 * (visibility AND selection), PostgreSQL multiplies their selectivities as if unrelated, expects a
 * fraction of the rows there are, and picks a plan that reads every candidate rather than walking
 * the newest ones.
 */
export function visibleInSelectionSql(actor: Actor, queueIds: readonly number[], chosen: readonly number[] | null): SQL | undefined {
  if (isAdmin(actor)) {
    if (chosen === null) return undefined;
    return or(isNull(tickets.queueId), eq(tickets.userId, actor.id), chosen.length > 0 ? inArray(tickets.queueId, [...chosen]) : undefined);
  }
  const terms: SQL[] = [eq(tickets.userId, actor.id)];
  if (actor.allowGroup) {
    terms.push(
      chosen === null
        ? eq(tickets.isGroup, true)
        : (and(
            eq(tickets.isGroup, true),
            or(isNull(tickets.queueId), chosen.length > 0 ? inArray(tickets.queueId, [...chosen]) : undefined),
          ) as SQL),
    );
  }
  // A queued ticket is selected when its queue is chosen (it has a queue, so the no-queue pass does not apply).
  const queues = chosen === null ? queueIds : queueIds.filter((q) => chosen.includes(q));
  if (queues.length > 0) terms.push(and(eq(tickets.isGroup, false), inArray(tickets.queueId, [...queues])) as SQL);
  if (actor.allTicket === 'enable') terms.push(and(eq(tickets.isGroup, false), isNull(tickets.queueId)) as SQL);
  return terms.length === 1 ? terms[0] : (or(...terms) as SQL);
}
