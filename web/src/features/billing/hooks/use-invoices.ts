import type { InvoicePage, PaymentNoticePage, PlanView, SubscriptionInput, SubscriptionResult } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (searchParam: string) => [...invoiceKeys.all, 'list', searchParam] as const,
};

/** GET /invoices/all {searchParam, pageNumber} → invoices, count, hasMore (spec 2 §7). */
export function useInvoices(searchParam = '') {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<InvoicePage>('/invoices/all', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET /invoices/payment-notices: the newest notices that changed nothing (the super user's only). */
export function usePaymentNotices(enabled: boolean) {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'notices'],
    queryFn: () => api.get<PaymentNoticePage>('/invoices/payment-notices', { pageNumber: 1 }),
    enabled,
  });
}

/** The public plans the checkout offers (GET /plans/list, as the signup page reads them). */
export function useCheckoutPlans() {
  return useQuery({
    queryKey: ['plans', 'public'],
    queryFn: () => api.get<PlanView[]>('/plans/list', { listPublic: 'true' }),
  });
}

/** POST /subscription: prices the invoice and answers each configured provider's way to pay. */
export function useSubscribe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SubscriptionInput) => api.post<SubscriptionResult>('/subscription', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
