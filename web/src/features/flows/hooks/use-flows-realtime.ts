import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { flowsCache } from './use-flows';

/** company-{id}-flowbuilder edits the cached list pages in place (spec 3 §4: lists update live). */
export function useFlowsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('flowbuilder', (e) => {
    if (e.action === 'delete') flowsCache.remove(qc, e.id);
    else flowsCache.upsert(qc, e.record);
  });
}
