import type { ConnectionView, FlowCampaignInput, FlowCampaignList, FlowCampaignView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const flowCampaignKeys = {
  all: ['flow-campaigns'] as const,
  list: () => [...flowCampaignKeys.all, 'list'] as const,
  flows: () => [...flowCampaignKeys.all, 'flows'] as const,
  connections: () => [...flowCampaignKeys.all, 'connections'] as const,
};

export interface FlowChoice {
  id: number;
  name: string;
  active: boolean;
}

/** GET /flowcampaign → {flow: campaigns} (spec 3 §7). */
export const useFlowCampaigns = () =>
  useQuery({ queryKey: flowCampaignKeys.list(), queryFn: async () => (await api.get<FlowCampaignList>('/flowcampaign')).flow });

/** The dialog's flow chooser. */
export const useFlowChoices = () =>
  useQuery({ queryKey: flowCampaignKeys.flows(), queryFn: () => api.get<FlowChoice[]>('/flowcampaign/flows') });

/** GET /whatsapp {session: 0}: the connections with their status, for the selector. */
export const useConnectionChoices = () =>
  useQuery({ queryKey: flowCampaignKeys.connections(), queryFn: () => api.get<ConnectionView[]>('/whatsapp', { session: '0' }) });

export interface FlowCampaignSave {
  id: number | null;
  values: FlowCampaignInput & { status?: boolean };
}

/** POST /flowcampaign (no status: a new campaign is active) or PUT /flowcampaign {id, ..., status}. */
export function useSaveFlowCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: FlowCampaignSave) => {
      if (id === null) {
        const { status: _ignored, ...created } = values;
        return api.post<FlowCampaignView>('/flowcampaign', created);
      }
      return api.put<FlowCampaignView>('/flowcampaign', { ...values, id });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: flowCampaignKeys.list() }),
  });
}

export function useDeleteFlowCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/flowcampaign/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowCampaignKeys.list() }),
  });
}
