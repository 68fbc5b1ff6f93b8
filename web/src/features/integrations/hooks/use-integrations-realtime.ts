import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { integrationsCache } from './use-integrations';

/** company-{id}-queueIntegration edits the cached pages in place. */
export function useIntegrationsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('queueIntegration', (e) => {
    if (e.action === 'delete') integrationsCache.remove(qc, e.integrationId);
    else integrationsCache.upsert(qc, e.queueIntegration);
  });
}
