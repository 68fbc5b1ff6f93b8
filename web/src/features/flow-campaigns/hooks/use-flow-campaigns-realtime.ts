import type { FlowCampaignView } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { flowCampaignKeys } from './use-flow-campaigns';

/** company-{id}-flowcampaign edits the cached list in place: create and update upsert, delete removes. */
export function useFlowCampaignsRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('flowcampaign', (e) => {
    qc.setQueryData<FlowCampaignView[]>(flowCampaignKeys.list(), (list) => {
      if (!list) return list;
      if (e.action === 'delete') return list.filter((c) => c.id !== e.id);
      const at = list.findIndex((c) => c.id === e.record.id);
      return at === -1 ? [...list, e.record] : list.map((c, i) => (i === at ? e.record : c));
    });
  });
}
