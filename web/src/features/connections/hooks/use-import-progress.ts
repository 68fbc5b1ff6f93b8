import type { ImportMessagesStatus } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { connectionKeys } from './use-connections';

/**
 * importMessages-{companyId} (spec 2 §4): the progress of an import of old messages, null when none
 * is under way. `refresh` ends it and reads the connections again (the import changed their state).
 */
export function useImportProgress(): ImportMessagesStatus | null {
  const qc = useQueryClient();
  const [status, setStatus] = useState<ImportMessagesStatus | null>(null);
  useCompanyEvent('importMessages', (e) => {
    if (e.action === 'update') return setStatus(e.status);
    setStatus(null);
    void qc.invalidateQueries({ queryKey: connectionKeys.all, exact: true });
  });
  return status;
}
