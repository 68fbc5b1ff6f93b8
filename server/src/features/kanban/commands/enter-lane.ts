import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { type TagRow, type TicketRow, tags, ticketTags } from '../../../db/schema';
import { type HookedTx, transactionRunner } from '../../../http/context';
import { defineJob } from '../../../jobs/define';
import type { JobQueue } from '../../../jobs/queue';
import { type OutboundContext, sendBotMessage } from '../../messages';
import { emitTicketChange, findCompanyTicket } from '../../tickets';
import { currentLane, findLane } from '../lanes';

// The timer job lives beside enterLane on purpose: entering a timed lane writes the timer, and the
// timer enters the next lane, so either in its own module would import the other.

/** What entering a lane needs: the outbound path for the greeting, the queue for the timer. */
export type LaneContext = OutboundContext & { jobs: JobQueue };

/** A card the board shows and lanes act on: a person's open or pending ticket. */
export const movesWithLanes = (ticket: TicketRow) => (ticket.status === 'open' || ticket.status === 'pending') && !ticket.isGroup;

/** Removes the ticket's lane links (its kanban tags), keeping its plain tags. */
export async function leaveLanes(tx: HookedTx, ticketId: number, except?: number): Promise<void> {
  const laneIds = tx
    .select({ id: tags.id })
    .from(tags)
    .innerJoin(ticketTags, eq(ticketTags.tagId, tags.id))
    .where(and(eq(ticketTags.ticketId, ticketId), eq(tags.kanban, 1), except === undefined ? undefined : ne(tags.id, except)));
  await tx.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, laneIds)));
}

/**
 * Puts the (locked) ticket in `lane`, out of any other lane (spec 3 §4 "Kanban card move": the old
 * link goes, the new one comes), in the caller's transaction. A card already in the lane stays as it
 * is (no second greeting, its timer keeps running). On a real entry of an active ticket, the lane's
 * greeting goes to the contact and, for a timed lane, the timer that moves it on is written with the
 * entry (it acts only on this entry: see laneTimerJob). Returns whether the card moved.
 */
export async function enterLane(tx: HookedTx, ctx: LaneContext, ticket: TicketRow, lane: TagRow): Promise<boolean> {
  await leaveLanes(tx, ticket.id, lane.id);
  const [entry] = await tx
    .insert(ticketTags)
    .values({ ticketId: ticket.id, tagId: lane.id })
    .onConflictDoNothing()
    .returning({ enteredAt: ticketTags.enteredAt });
  if (!entry) return false;
  if (!movesWithLanes(ticket)) return true;
  if (lane.greetingMessageLane.trim()) await sendBotMessage(tx, ctx, ticket, lane.greetingMessageLane);
  if (lane.timeLane > 0 && lane.nextLaneId !== null) {
    await laneTimerJob.send(
      ctx.jobs,
      { companyId: ticket.companyId, ticketId: ticket.id, laneId: lane.id, enteredAt: entry.enteredAt },
      { tx, startAfterSeconds: lane.timeLane * 3600 },
    );
  }
  return true;
}

/**
 * A timed lane's move (timeLane hours after the entry): the card goes to the lane's nextLaneId, which
 * greets and may time it on in turn. Nothing happens when the card left the lane or re-entered it since
 * (another entry has its own timer), the ticket is no longer active, or the lane lost its timed move.
 */
export const laneTimerJob = defineJob({
  name: 'kanban.lane-timer',
  payload: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    laneId: z.number().int().positive(),
    enteredAt: z.string(),
  }),
  timer: true,
  async run({ companyId, ticketId, laneId, enteredAt }, deps) {
    await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const ticket = await findCompanyTicket(tx, companyId, ticketId, true).catch(() => null);
      if (!ticket || !movesWithLanes(ticket)) return;
      const current = await currentLane(tx, ticketId);
      if (!current || current.lane.id !== laneId || current.enteredAt !== enteredAt) return;
      const { timeLane, nextLaneId } = current.lane;
      if (timeLane <= 0 || nextLaneId === null) return;
      const next = await findLane(tx, companyId, nextLaneId);
      if (!next) return;
      const ctx = { ...deps, companyId };
      if (await enterLane(tx, ctx, ticket, next)) emitTicketChange(tx, ctx, ticket, ticket);
    });
  },
});
