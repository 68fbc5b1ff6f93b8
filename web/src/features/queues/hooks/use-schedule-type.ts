import type { SettingView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The company's scheduleType setting: the queue modal shows its schedules tab only for 'queue'. */
export function useScheduleType() {
  const query = useQuery({
    queryKey: ['settings', 'one', 'scheduleType'],
    queryFn: () => api.get<SettingView>('/companySettingOne', { column: 'scheduleType' }),
  });
  return query.data?.value;
}
