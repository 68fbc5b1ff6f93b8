import type {
  CampaignInput,
  CampaignPage,
  CampaignSettingsValues,
  CampaignSettingsView,
  CampaignShippingPage,
  CampaignView,
} from '@chatflow/contract';
import { CAMPAIGN_SETTINGS_DEFAULTS } from '@chatflow/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCompanyEvent } from '../../../app/providers/SocketProvider';
import { api } from '../../../lib/api';
import { pagedCache } from '../../../lib/paged-cache';

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (searchParam: string) => [...campaignKeys.lists(), searchParam] as const,
  one: (id: number) => [...campaignKeys.all, 'one', id] as const,
  shipping: (id: number) => [...campaignKeys.all, 'shipping', id] as const,
  settings: () => [...campaignKeys.all, 'settings'] as const,
};

/** GET /campaigns {searchParam, pageNumber} → records, hasMore. */
export function useCampaigns(searchParam: string) {
  return useInfiniteQuery({
    queryKey: campaignKeys.list(searchParam),
    queryFn: ({ pageParam }) => api.get<CampaignPage>('/campaigns', { searchParam, pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export const campaignsCache = pagedCache<CampaignView, 'records', string>({
  field: 'records',
  listsKey: campaignKeys.lists(),
  filtersOf: (key) => String(key[2] ?? ''),
  matches: (c, term) => !term || c.name.toLowerCase().includes(term.toLowerCase()),
  compare: (a, b) => b.id - a.id,
});

export function useCampaign(id: number) {
  return useQuery({ queryKey: campaignKeys.one(id), queryFn: () => api.get<CampaignView>(`/campaigns/${id}`) });
}

/** GET /campaigns/{id}/shipping: the report's records, 50 a page. */
export function useShipping(id: number) {
  return useInfiniteQuery({
    queryKey: campaignKeys.shipping(id),
    queryFn: ({ pageParam }) => api.get<CampaignShippingPage>(`/campaigns/${id}/shipping`, { pageNumber: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** What the modal does with the attachment on save: keep it, send a newly chosen file, or remove the stored one. */
export type AttachmentChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/**
 * Saves the campaign and its attachment (POST or DELETE /campaigns/:id/media-upload). The attachment
 * goes first, while the campaign is still editable: saved with a start time less than an hour away
 * it would no longer be (spec 3 §4), and would start without its file. A new campaign is therefore
 * created unscheduled, given its file, then saved with its time.
 */
export function useSaveCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      values,
      attachment = { kind: 'keep' },
    }: {
      id: number | null;
      values: CampaignInput;
      attachment?: AttachmentChange;
    }) => {
      if (attachment.kind === 'keep')
        return id === null ? api.post<CampaignView>('/campaigns', values) : api.put<CampaignView>(`/campaigns/${id}`, values);
      const target = id ?? (await api.post<CampaignView>('/campaigns', { ...values, scheduledAt: null })).id;
      if (attachment.kind === 'replace') {
        const form = new FormData();
        form.append('file', attachment.file);
        await api.post<CampaignView>(`/campaigns/${target}/media-upload`, form);
      } else {
        await api.delete<CampaignView>(`/campaigns/${target}/media-upload`);
      }
      return api.put<CampaignView>(`/campaigns/${target}`, values);
    },
    onSuccess: (saved) => campaignsCache.upsert(qc, saved),
    // A failure after the campaign was created (a refused file) leaves it in the list: show it.
    onError: () => qc.invalidateQueries({ queryKey: campaignKeys.lists() }),
  });
}

export function useCampaignAction(action: 'cancel' | 'restart') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CampaignView>(`/campaigns/${id}/${action}`),
    onSuccess: (saved) => campaignsCache.upsert(qc, saved),
  });
}

export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/campaigns/${id}`),
    onSuccess: (_, id) => campaignsCache.remove(qc, id),
  });
}

/** company-{id}-campaign: the list and an open report follow every change, progress included. */
export function useCampaignsRealtime(onChange?: (c: CampaignView) => void) {
  const qc = useQueryClient();
  useCompanyEvent('campaign', (e) => {
    if (e.action === 'delete') return campaignsCache.remove(qc, e.id);
    campaignsCache.upsert(qc, e.record);
    qc.setQueryData(campaignKeys.one(e.record.id), e.record);
    onChange?.(e.record);
  });
}

/** GET /campaign-settings: the list of key/value, read into typed values (defaults for what is missing). */
export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignKeys.settings(),
    queryFn: async () => {
      const rows = await api.get<CampaignSettingsView>('/campaign-settings');
      const values: Record<string, unknown> = { ...CAMPAIGN_SETTINGS_DEFAULTS };
      for (const row of rows) values[row.key] = JSON.parse(row.value);
      return values as CampaignSettingsValues;
    },
  });
}

export function useSaveCampaignSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: CampaignSettingsValues) => api.post<CampaignSettingsView>('/campaign-settings', { settings }),
    onSuccess: () => qc.invalidateQueries({ queryKey: campaignKeys.settings() }),
  });
}
