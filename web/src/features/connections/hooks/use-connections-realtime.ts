import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { removeConnection, upsertConnection } from './use-connections';

/**
 * company-{id}-whatsapp (saves, deletes) and company-{id}-whatsappSession (status, QR, retries)
 * edit the cached list in place, so the table, the QR dialog and the menu badge follow live.
 */
export function useConnectionsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('whatsapp', (e) => (e.action === 'delete' ? removeConnection(qc, e.whatsappId) : upsertConnection(qc, e.whatsapp)));
  useCompanyEvent('whatsappSession', (e) => upsertConnection(qc, e.session));
}
