import { useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { scheduleKeys } from './use-schedules';

/**
 * company-{id}-schedule (sent to admins and the schedule's author): a schedule created, edited, sent,
 * failed or deleted. The calendar's ranges are refetched: an edit may move a send into another range.
 */
export function useSchedulesRealtime() {
  const qc = useQueryClient();
  useCompanyEvent('schedule', () => void qc.invalidateQueries({ queryKey: scheduleKeys.all }));
}
