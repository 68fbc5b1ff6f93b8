import { z } from 'zod';
import type { QueueRow } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import { defineJob } from '../../jobs/define';
import { onlineUsersOf } from './online-users';
import { queueById } from './queues-of';
import { saveTurn } from './save-turn';
import { loadTurn, moveTicket, type Turn } from './turn';

// Queue rotation (ativarRoteador): a waiting ticket is offered to the queue's online agents in
// turn, each for tempoRoteador minutes, until one takes it.

/** The online agent after `current` in id order (the first one after the last). */
const nextOf = (online: number[], current: number | null) => online.find((id) => current === null || id > current) ?? online[0];

/** Gives the ticket to the next online agent of the queue and sets the timer of the following turn. */
export async function rotate(turn: Turn, queue: QueueRow): Promise<void> {
  const online = await onlineUsersOf(turn, queue.id);
  const next = online.length > 0 ? nextOf(online, turn.ticket.userId) : null;
  if (next !== undefined && next !== null) moveTicket(turn, { userId: next });
  await rotationJob.send(
    turn.deps.jobs,
    { ticketId: turn.ticket.id, queueId: queue.id, userId: turn.ticket.userId },
    { tx: turn.tx, startAfterSeconds: queue.tempoRoteador * 60 },
  );
}

/**
 * A rotation turn: if the ticket still waits in the same queue with the agent it was given (nobody
 * accepted it, nothing moved it), it goes to the next one. Anything else means the rotation is over,
 * and a re-run of a done turn finds the agent changed and does nothing.
 */
export const rotationJob = defineJob({
  name: 'automation.rotate',
  payload: z.object({ ticketId: z.number().int().positive(), queueId: z.number().int().positive(), userId: z.number().int().nullable() }),
  timer: true,
  async run({ ticketId, queueId, userId }, deps) {
    await transactionRunner(
      deps.db,
      deps.log,
    )(async (tx) => {
      const turn = await loadTurn(tx, deps, ticketId);
      if (!turn) return;
      const { ticket } = turn;
      if (ticket.status !== 'pending' || ticket.queueId !== queueId || ticket.userId !== userId) return;
      const queue = await queueById(turn, queueId);
      if (!queue?.ativarRoteador || queue.tempoRoteador <= 0) return;
      await rotate(turn, queue);
      await saveTurn(turn);
    });
  },
});
