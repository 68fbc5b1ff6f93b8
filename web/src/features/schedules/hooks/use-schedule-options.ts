import type { ConnectionView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

interface UserOption {
  id: number;
  name: string;
}

/** GET /users/list: the ticket user choices. */
export const useUserOptions = () => useQuery({ queryKey: ['users', 'list'], queryFn: () => api.get<UserOption[]>('/users/list') });

/** GET /whatsapp: the connection choices. */
export const useConnectionOptions = () =>
  useQuery({ queryKey: ['schedules', 'connections'], queryFn: () => api.get<ConnectionView[]>('/whatsapp', { session: '0' }) });
