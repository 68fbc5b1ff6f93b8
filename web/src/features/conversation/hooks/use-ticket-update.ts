import type { TicketUpdateInput, TicketView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { type HeldTicket, heldTicketOf } from '../../../lib/held-ticket';
import { setTicket } from './use-ticket';

/** Statuses after which the agent keeps the conversation on screen: the ticket is (still) theirs. */
const STAYS = ['open', 'group'];

/**
 * PUT /tickets/:id for every header action (spec 1 §4.1). After a status change the screen goes to
 * the list, except when the ticket ends up open (or group) with this agent, who keeps working on it
 * while the list shows its tab. A ticket held by someone else answers with who holds it.
 */
export function useTicketUpdate(ticket: TicketView) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState<HeldTicket | null>(null);

  const update = useCallback(
    async (body: TicketUpdateInput): Promise<TicketView | null> => {
      setBusy(true);
      try {
        const updated = await api.put<TicketView | null>(`/tickets/${ticket.id}`, body);
        if (updated?.id === ticket.id) setTicket(qc, updated);
        // A status or owner change (accept, return, resolve, transfer, reopen) may take the ticket away.
        if (body.status !== undefined || body.userId !== undefined) {
          const mine = updated && STAYS.includes(updated.status) && updated.userId === user?.id;
          if (!mine) navigate('/tickets');
          else if (updated.uuid !== ticket.uuid) navigate(`/tickets/${updated.uuid}`);
        }
        return updated;
      } catch (err) {
        const other = heldTicketOf(err);
        if (other && other.userId !== user?.id) setHeld(other);
        else if (other?.uuid) navigate(`/tickets/${other.uuid}`);
        else toastError(err);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [qc, navigate, ticket.id, ticket.uuid, user?.id],
  );

  return { update, busy, held, closeHeld: () => setHeld(null) };
}
