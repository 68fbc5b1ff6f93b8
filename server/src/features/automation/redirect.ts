import { z } from 'zod';
import { transactionRunner } from '../../http/context';
import { defineJob } from '../../jobs/define';
import { leaveBot } from './leave-bot';
import { saveTurn } from './save-turn';
import { loadTurn, logTicket, moveTicket, type Turn } from './turn';

// timeSendQueue / sendIdQueue: a ticket still waiting for an agent after the connection's minutes
// moves to the redirect queue ('redirect' log entry).

/** Sets the redirect timer of a new ticket, when its connection has one. */
export async function scheduleRedirect(turn: Turn): Promise<void> {
  const { timeSendQueue, sendIdQueue } = turn.connection;
  if (timeSendQueue <= 0 || sendIdQueue === null) return;
  await redirectJob.send(
    turn.deps.jobs,
    { ticketId: turn.ticket.id, queueId: sendIdQueue },
    { tx: turn.tx, startAfterSeconds: timeSendQueue * 60 },
  );
}

/** Moves the ticket if it still waits with no agent outside the redirect queue; otherwise (or on a re-run) nothing. */
export const redirectJob = defineJob({
  name: 'automation.redirect',
  payload: z.object({ ticketId: z.number().int().positive(), queueId: z.number().int().positive() }),
  timer: true,
  async run({ ticketId, queueId }, deps) {
    await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const turn = await loadTurn(tx, deps, ticketId);
      if (!turn) return;
      const { ticket } = turn;
      if (ticket.status !== 'pending' || ticket.userId !== null || ticket.queueId === queueId) return;
      moveTicket(turn, { queueId });
      logTicket(turn, { type: 'redirect', userId: null });
      await leaveBot(turn);
      await saveTurn(turn);
    });
  },
});
