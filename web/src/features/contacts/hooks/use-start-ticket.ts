import type { ContactView, OtherOpenTicket, QueueView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import { api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { queueKeys } from '../../queues';
import { ticketConflictOf } from './ticket-conflict';

/**
 * "Iniciar atendimento" from the contacts list: POST /tickets as an open ticket of the signed-in user.
 * The ticket needs a queue once the company has any (spec 1 §5): the user's queues, or the company's
 * when the user has none (an admin usually). Several: the user picks one first; one: it is used; none:
 * the ticket has no queue. A ticket the contact already has opens when it is the user's own,
 * otherwise its holder and queue are shown (spec 1 §4.1).
 */
export function useStartTicket() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const own = user?.queues ?? [];
  const company = useQuery({
    queryKey: queueKeys.all,
    queryFn: () => api.get<QueueView[]>('/queue'),
    enabled: !!user && own.length === 0,
  });
  const queues = own.length ? own : (company.data ?? []);
  const [choosing, setChoosing] = useState<ContactView | null>(null);
  const [held, setHeld] = useState<OtherOpenTicket | null>(null);
  const [pending, setPending] = useState(false);

  const create = useCallback(
    async (contact: ContactView, queueId: number | null) => {
      if (!user) return;
      setPending(true);
      try {
        const ticket = await api.post<{ id: number; uuid: string }>('/tickets', {
          contactId: contact.id,
          userId: user.id,
          status: 'open',
          queueId,
        });
        setChoosing(null);
        navigate(`/tickets/${ticket.uuid}`);
      } catch (err) {
        const conflict = ticketConflictOf(err);
        setChoosing(null);
        if (conflict && conflict.userId === user.id) navigate(`/tickets/${conflict.uuid}`);
        else if (conflict) setHeld(conflict);
        else toastError(err);
      } finally {
        setPending(false);
      }
    },
    [user, navigate],
  );

  const begin = useCallback(
    (contact: ContactView) => {
      if (queues.length > 1) setChoosing(contact);
      else void create(contact, queues[0]?.id ?? null);
    },
    [queues, create],
  );

  return { begin, create, choosing, held, pending, queues, cancel: () => setChoosing(null), closeHeld: () => setHeld(null) };
}

export type StartTicketFlow = ReturnType<typeof useStartTicket>;
