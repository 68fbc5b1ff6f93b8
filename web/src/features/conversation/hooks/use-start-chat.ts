import type { ContactView } from '@chatflow/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/providers/AuthProvider';
import i18n from '../../../i18n';
import { ApiError, api } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { heldTicketOf } from '../../../lib/held-ticket';
import { useConversationTicket } from '../conversation-context';
import type { VCardContact } from '../parse/vcard';

const digits = (v: string) => v.replace(/\D/g, '');

/** The company's contact with this number (GET /contacts/profile/:number), created when there is none. */
async function contactIdFor({ name, number }: VCardContact): Promise<number> {
  try {
    return (await api.get<{ contactId: number }>(`/contacts/profile/${digits(number)}`)).contactId;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    return (await api.post<ContactView>('/contacts', { name, number: digits(number), email: '' })).id;
  }
}

/**
 * "Conversar" on a shared contact: an open ticket for it, on the same connection and queue as the
 * ticket it was shared in, then its conversation. A ticket already active opens when it is the
 * agent's own; otherwise a toast names who holds it.
 */
export function useStartChat() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const current = useConversationTicket();
  return useMutation({
    mutationFn: async (card: VCardContact) => {
      const contactId = await contactIdFor(card);
      try {
        return await api.post<{ uuid: string }>('/tickets', {
          contactId,
          userId: user?.id,
          status: 'open',
          queueId: current?.queueId ?? user?.queues[0]?.id ?? null,
          whatsappId: current?.whatsappId ?? null,
        });
      } catch (err) {
        const held = heldTicketOf(err);
        if (held?.uuid && held.userId === user?.id) return { uuid: held.uuid };
        if (held) {
          notify(i18n.t('conversation.kinds.heldBy', { user: held.userName || '-', queue: held.queueName || '-' }), 'warning', 4000);
          return null;
        }
        throw err;
      }
    },
    onSuccess: (ticket) => {
      if (ticket) navigate(`/tickets/${ticket.uuid}`);
    },
    onError: toastError,
  });
}
