import type { PromptInput, PromptList, PromptView } from '@chatflow/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const promptKeys = { all: ['prompts'] as const };

/** GET /prompt → prompts (spec 3 §7), by name. */
export function usePrompts() {
  return useQuery({ queryKey: promptKeys.all, queryFn: async () => (await api.get<PromptList>('/prompt')).prompts });
}

const byName = (a: PromptView, b: PromptView) => a.name.localeCompare(b.name) || a.id - b.id;

export function upsertPrompt(qc: QueryClient, prompt: PromptView) {
  qc.setQueryData<PromptView[]>(promptKeys.all, (list) => list && [...list.filter((p) => p.id !== prompt.id), prompt].sort(byName));
}

export function removePrompt(qc: QueryClient, promptId: number) {
  qc.setQueryData<PromptView[]>(promptKeys.all, (list) => list?.filter((p) => p.id !== promptId));
}

export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: PromptInput }) =>
      id === null ? api.post<PromptView>('/prompt', values) : api.put<PromptView>(`/prompt/${id}`, values),
    onSuccess: (saved) => upsertPrompt(qc, saved),
  });
}

export function useDeletePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/prompt/${id}`),
    onSuccess: (_, id) => removePrompt(qc, id),
  });
}
