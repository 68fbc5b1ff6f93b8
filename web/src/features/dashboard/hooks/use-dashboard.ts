import type { DashboardView, TicketsByDayView, TicketsByUserView } from '@chatflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The dashboard's filter as the screen holds it; lists empty mean "all". */
export interface DashboardFilter {
  from: string;
  to: string;
  queueIds: number[];
  tags: number[];
  users: number[];
  whatsapps: number[];
  status: string[];
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  figures: (f: DashboardFilter) => ['dashboard', 'figures', f] as const,
  byUser: (f: DashboardFilter) => ['dashboard', 'byUser', f] as const,
  byDay: (f: DashboardFilter) => ['dashboard', 'byDay', f] as const,
};

/** The list filters as the server reads them (JSON arrays, the old client's way). */
export const listParams = (f: DashboardFilter) => ({
  queueIds: f.queueIds.length ? JSON.stringify(f.queueIds) : undefined,
  tags: f.tags.length ? JSON.stringify(f.tags) : undefined,
  users: f.users.length ? JSON.stringify(f.users) : undefined,
  whatsapps: f.whatsapps.length ? JSON.stringify(f.whatsapps) : undefined,
  status: f.status.length ? JSON.stringify(f.status) : undefined,
});

export const dashboardParams = (f: DashboardFilter) => ({ date_from: f.from, date_to: f.to, ...listParams(f) });

/** GET /dashboard: counters and attendants; `enabled` is false while the filter has no range. */
export function useDashboard(f: DashboardFilter, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.figures(f),
    queryFn: () => api.get<DashboardView>('/dashboard', dashboardParams(f)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

const chartParams = (f: DashboardFilter) => ({ initialDate: f.from, finalDate: f.to, ...listParams(f) });

export function useTicketsByUser(f: DashboardFilter, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.byUser(f),
    queryFn: () => api.get<TicketsByUserView>('/dashboard/ticketsUsers', chartParams(f)),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTicketsByDay(f: DashboardFilter, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.byDay(f),
    queryFn: () => api.get<TicketsByDayView>('/dashboard/ticketsDay', chartParams(f)),
    enabled,
    placeholderData: keepPreviousData,
  });
}
