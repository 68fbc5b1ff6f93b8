import type { SessionUserView, TicketView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { type HeldTicket, heldTicketOf } from '../../../lib/held-ticket';
import { upsertTicket } from '../ticket-cache';

interface Options {
  user: SessionUserView;
  /** Where the screen goes once a ticket is the user's: its conversation, in its tab. */
  onOpened(ticket: Pick<TicketView, 'uuid' | 'status'>): void;
}

/**
 * The list's own actions on waiting tickets (spec 1 §4.1): accept (a ticket without a queue asks for
 * one first; one already held by someone else shows who holds it) and ignore (close without
 * farewell). The answer goes into the cache at once; the realtime event that follows is the same.
 */
export function useTicketActions({ user, onOpened }: Options) {
  const qc = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [needsQueue, setNeedsQueue] = useState<TicketView | null>(null);
  const [held, setHeld] = useState<HeldTicket | null>(null);

  const update = useCallback(
    async (ticket: TicketView, body: Record<string, unknown>) => {
      setBusyId(ticket.id);
      try {
        const updated = await api.put<TicketView | null>(`/tickets/${ticket.id}`, body);
        if (updated?.id) upsertTicket(qc, updated, user);
        return updated?.id ? updated : ticket;
      } finally {
        setBusyId(null);
      }
    },
    [qc, user],
  );

  const accept = useCallback(
    async (ticket: TicketView, chosenQueueId?: number) => {
      const queueId = chosenQueueId ?? ticket.queueId;
      if (queueId === null) return setNeedsQueue(ticket);
      setNeedsQueue(null);
      const status = ticket.isGroup ? 'group' : 'open';
      try {
        const updated = await update(ticket, { status, userId: user.id, queueId });
        onOpened({ uuid: updated.uuid, status: updated.status === 'pending' ? status : updated.status });
      } catch (err) {
        const other = heldTicketOf(err);
        if (other && other.userId !== user.id) setHeld(other);
        else if (other?.uuid) onOpened({ uuid: other.uuid, status });
        else toastError(err);
      }
    },
    [update, user.id, onOpened],
  );

  const ignore = useCallback(
    async (ticket: TicketView) => {
      try {
        await update(ticket, { status: 'closed', userId: user.id, sendFarewellMessage: false, amountUsedBotQueues: 0 });
      } catch (err) {
        toastError(err);
      }
    },
    [update, user.id],
  );

  return {
    busyId,
    accept,
    ignore,
    needsQueue,
    cancelQueueChoice: () => setNeedsQueue(null),
    held,
    closeHeld: () => setHeld(null),
  };
}
