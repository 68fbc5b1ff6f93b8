import type { PlanInput, PlanView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

export const planKeys = { all: ['plans', 'all'] as const };

/** Every plan, public or not (super user): the plans table and the companies form's plan select. */
export function usePlans(enabled = true) {
  return useQuery({ queryKey: planKeys.all, queryFn: () => api.get<PlanView[]>('/plans/all'), enabled });
}

/** The form's parsed values: what PlanInput / PlanUpdateInput accept (amount already "49.90"). */
export type PlanBody = z.output<typeof PlanInput>;

export function useSavePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PlanBody }) =>
      id ? api.put<PlanView>(`/plans/${id}`, body) : api.post<PlanView>('/plans', body),
    // Companies show the plan's name and amount, so their lists are stale too.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['plans'] }), qc.invalidateQueries({ queryKey: ['companies'] })]),
  });
}

export function useDeletePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/plans/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['plans'] }),
  });
}
