import type { HelpInput, HelpView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** ['helps', 'list'] is also the side menu's key: the "Ajuda" entry shows only when it is not empty. */
export const helpKeys = { all: ['helps'] as const, list: ['helps', 'list'] as const, admin: ['helps', 'admin'] as const };

/** GET /helps/list: any logged-in user (the /helps page). */
export function useHelpList() {
  return useQuery({ queryKey: helpKeys.list, queryFn: () => api.get<HelpView[]>('/helps/list') });
}

/** GET /helps: the super user's manager. */
export function useHelps() {
  return useQuery({ queryKey: helpKeys.admin, queryFn: () => api.get<HelpView[]>('/helps') });
}

export type HelpBody = z.output<typeof HelpInput>;

export function useSaveHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: HelpBody }) =>
      id ? api.put<HelpView>(`/helps/${id}`, body) : api.post<HelpView>('/helps', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: helpKeys.all }),
  });
}

export function useDeleteHelp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/helps/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: helpKeys.all }),
  });
}
