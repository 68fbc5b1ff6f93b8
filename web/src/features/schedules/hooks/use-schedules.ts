import type { ScheduledMessagePage, ScheduledMessageView } from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SchedulePayload } from '../schedule-form';

export const scheduleKeys = {
  all: ['schedules'] as const,
  range: (start: string, end: string) => [...scheduleKeys.all, 'range', start, end] as const,
};

/**
 * The schedules whose send falls in the calendar's visible range: GET /schedules {startDate, endDate},
 * every page of it (a month of sends is what the calendar shows at once).
 */
export function useSchedulesInRange(start: Date, end: Date) {
  const startDate = start.toISOString();
  const endDate = end.toISOString();
  return useQuery({
    queryKey: scheduleKeys.range(startDate, endDate),
    queryFn: async () => {
      const all: ScheduledMessageView[] = [];
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await api.get<ScheduledMessagePage>('/schedules', { startDate, endDate, pageNumber });
        all.push(...page.schedules);
        if (!page.hasMore) return all;
      }
    },
  });
}

/** POST /schedules/:id/media-upload (multipart file). */
const uploadScheduleMedia = (id: number, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post<ScheduledMessageView>(`/schedules/${id}/media-upload`, form);
};

/** Saves the schedule, then sends a newly chosen attachment (a new schedule has no id before). */
export function useSaveSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload, file }: { id: number | null; payload: SchedulePayload; file: File | null }) => {
      const saved =
        id === null
          ? await api.post<ScheduledMessageView>('/schedules', payload)
          : await api.put<ScheduledMessageView>(`/schedules/${id}`, payload);
      return file ? uploadScheduleMedia(saved.id, file) : saved;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useRemoveScheduleMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ScheduledMessageView>(`/schedules/${id}/media-upload`),
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/schedules/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
