import type { FlowConnection, FlowContentUploadView, FlowDetailView, FlowNode, FlowUploadedFileView } from '@chatflow/contract';
import { FLOW_UPLOAD_FIELD } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { flowKeys } from './use-flows';

/** GET /flowbuilder/flow/{id}: name and drawing (null before the first save). */
export function useFlowDocument(id: number) {
  return useQuery({
    queryKey: flowKeys.detail(id),
    queryFn: () => api.get<FlowDetailView>(`/flowbuilder/flow/${id}`),
    // The editor holds its own copy until Salvar: a refetch must not overwrite unsaved edits.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /flowbuilder/flow {idFlow, nodes, connections}. */
export function useSaveFlowDocument(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (doc: { nodes: FlowNode[]; connections: FlowConnection[] }) =>
      api.post<FlowDetailView>('/flowbuilder/flow', { idFlow: id, ...doc }),
    onSuccess: (saved) => qc.setQueryData(flowKeys.detail(id), saved),
  });
}

/** POST /flowbuilder/content (multipart `medias`, `body` the names): the stored files in the order sent. */
export function uploadContentMedia(files: File[]) {
  const form = new FormData();
  form.append('body', JSON.stringify(files.map((f) => f.name)));
  for (const f of files) form.append(FLOW_UPLOAD_FIELD, f);
  return api.post<FlowContentUploadView>('/flowbuilder/content', form);
}

export type { FlowUploadedFileView };
