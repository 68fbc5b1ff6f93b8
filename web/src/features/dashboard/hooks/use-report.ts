import type { TicketLogView, TicketReportView } from '@chatflow/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The report's filter as the page holds it (spec 2 §7 GET /ticketreport/reports). */
export interface ReportFilter {
  searchParam: string;
  /** One contact's tickets (spec 2 §7 contactId), null for every contact. */
  contactId: number | null;
  whatsappId: number[];
  users: number[];
  queueIds: number[];
  status: string[];
  dateFrom: string;
  dateTo: string;
  onlyRated: boolean;
}

const json = (list: (string | number)[]) => (list.length ? JSON.stringify(list) : undefined);

export const reportParams = (f: ReportFilter) => ({
  searchParam: f.searchParam || undefined,
  contactId: f.contactId ?? undefined,
  whatsappId: json(f.whatsappId),
  users: json(f.users),
  queueIds: json(f.queueIds),
  status: json(f.status),
  dateFrom: f.dateFrom || undefined,
  dateTo: f.dateTo || undefined,
  onlyRated: f.onlyRated ? 'true' : undefined,
});

export const reportKeys = {
  page: (f: ReportFilter, page: number, pageSize: number) => ['dashboard', 'report', f, page, pageSize] as const,
  logs: (ticketId: number) => ['dashboard', 'report', 'logs', ticketId] as const,
};

/** One page of the report (pages from 1 on the server; the table counts from 0). */
export function useTicketReport(f: ReportFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: reportKeys.page(f, page, pageSize),
    queryFn: () => api.get<TicketReportView>('/ticketreport/reports', { ...reportParams(f), page, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** The ticket log dialog of a report row. */
export function useReportLogs(ticketId: number | null) {
  return useQuery({
    queryKey: reportKeys.logs(ticketId ?? 0),
    queryFn: () => api.get<TicketLogView[]>(`/ticketreport/logs/${ticketId}`),
    enabled: ticketId !== null,
    staleTime: 0,
  });
}
