import type { CompanyInput, CompanyPage, CompanyUpdateInput, CompanyUserInput, CompanyView, UserView } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

export const companyKeys = {
  all: ['companies'] as const,
  page: (searchParam: string) => ['companies', 'page', searchParam] as const,
};

/** GET /companiesPlan, page by page, as the table scrolls (spec 2 §7). */
export function useCompaniesPage(searchParam: string) {
  return useInfiniteQuery({
    queryKey: companyKeys.page(searchParam),
    queryFn: ({ pageParam }) => api.get<CompanyPage>('/companiesPlan', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export type CompanyCreateBody = z.output<typeof CompanyInput>;
export type CompanyUpdateBody = z.output<typeof CompanyUpdateInput>;

function useInvalidateCompanies() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: companyKeys.all });
}

export function useSaveCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (args: { id: number; body: CompanyUpdateBody } | { id?: undefined; body: CompanyCreateBody }) =>
      args.id ? api.put<CompanyView>(`/companies/${args.id}`, args.body) : api.post<CompanyView>('/companies', args.body),
    onSuccess: invalidate,
  });
}

export function useDeleteCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({ mutationFn: (id: number) => api.delete(`/companies/${id}`), onSuccess: invalidate });
}

/** Moves the due date forward by the company's recurrence; the answer carries the new date. */
export function useRenewCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({ mutationFn: (id: number) => api.post<CompanyView>(`/companies/${id}/renew`), onSuccess: invalidate });
}

export function useCreateCompanyUser() {
  return useMutation({
    mutationFn: ({ companyId, body }: { companyId: number; body: z.output<typeof CompanyUserInput> }) =>
      api.post<UserView>(`/companies/${companyId}/users`, body),
  });
}
