import { canSeeQuickMessage } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { quickMessagesCache } from './use-quick-messages';

/**
 * company-{id}-quickemessage (the spec's spelling) edits the cached pages in place. The event goes to
 * the whole company, so a message this user may not see (another's, neither shared nor visible) is
 * kept out, or taken out when it stops being visible.
 */
export function useQuickMessagesRealtime() {
  const qc = useQueryClient();
  const { user } = useAuth();
  useCompanyEvent('quickemessage', (e) => {
    if (e.action === 'delete') return quickMessagesCache.remove(qc, e.id);
    if (user && canSeeQuickMessage(user.id, e.record)) quickMessagesCache.upsert(qc, e.record);
    else quickMessagesCache.remove(qc, e.record.id);
  });
}
