import type { ClosedImportedView, ConnectionInput, ConnectionUpdateInput, ConnectionView, PairingCodeView } from '@chatflow/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { scopedPath, useConnectionScope } from './connection-scope';

export const connectionKeys = { all: ['connections'] as const, allCompanies: ['connections', 'all-companies'] as const };

const byName = (a: ConnectionView, b: ConnectionView) => a.name.localeCompare(b.name) || a.id - b.id;

/** GET /whatsapp: the company's connections (a short list, not paged), ordered by name as the server does. */
export function useConnections(enabled = true) {
  return useQuery({ queryKey: connectionKeys.all, queryFn: () => api.get<ConnectionView[]>('/whatsapp', { session: '0' }), enabled });
}

/**
 * Puts a connection's fresh view in the list. A realtime view carries no token: the token already
 * cached (a manager's list has it) is kept.
 */
export function upsertConnection(qc: QueryClient, view: ConnectionView) {
  qc.setQueryData<ConnectionView[]>(connectionKeys.all, (list) => {
    if (!list) return list;
    const old = list.find((c) => c.id === view.id);
    const merged = { ...view, token: view.token ?? old?.token };
    return [...list.filter((c) => c.id !== view.id), merged].sort(byName);
  });
}

export function removeConnection(qc: QueryClient, id: number) {
  qc.setQueryData<ConnectionView[]>(connectionKeys.all, (list) => list?.filter((c) => c.id !== id));
}

export function useSaveConnection() {
  const qc = useQueryClient();
  const scope = useConnectionScope();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number | null; payload: ConnectionInput | ConnectionUpdateInput }) =>
      id === null ? api.post<ConnectionView>(scopedPath('/whatsapp', scope), payload) : api.put<ConnectionView>(`/whatsapp/${id}`, payload),
    onSuccess: (view) => {
      if (scope.companyId) return qc.invalidateQueries({ queryKey: connectionKeys.allCompanies });
      upsertConnection(qc, view);
    },
  });
}

export function useDeleteConnection() {
  const qc = useQueryClient();
  const scope = useConnectionScope();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/whatsapp/${id}`),
    onSuccess: (_, id) => {
      if (scope.companyId) return qc.invalidateQueries({ queryKey: connectionKeys.allCompanies });
      removeConnection(qc, id);
    },
  });
}

/** POST /whatsapp/{id}/token: a new token; the old one stops working at once. */
export function useRegenerateToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ConnectionView>(`/whatsapp/${id}/token`),
    onSuccess: (view) => upsertConnection(qc, view),
  });
}

export function useGreetingMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return api.delete<ConnectionView>(`/whatsapp/${id}/media-upload`);
      const form = new FormData();
      form.append('file', file);
      return api.post<ConnectionView>(`/whatsapp/${id}/media-upload`, form);
    },
    onSuccess: (view) => upsertConnection(qc, view),
  });
}

export type SessionAction = 'start' | 'newQr' | 'disconnect' | 'restartAll' | 'closeImported';

/** Session actions of spec 2 §4 (and closing imported tickets); the new status arrives through company-{id}-whatsappSession. */
export function useSessionAction() {
  return useMutation({
    mutationFn: ({ action, id }: { action: SessionAction; id?: number }) => {
      if (action === 'start') return api.post(`/whatsappsession/${id}`);
      if (action === 'newQr') return api.put(`/whatsappsession/${id}`);
      if (action === 'disconnect') return api.delete(`/whatsappsession/admin/${id}`);
      if (action === 'closeImported') return api.post<ClosedImportedView>(`/closedimported/${id}`);
      return api.post('/whatsapp-restart/');
    },
  });
}

export function usePairingCode() {
  return useMutation({
    mutationFn: ({ id, phoneNumber }: { id: number; phoneNumber: string }) =>
      api.post<PairingCodeView>(`/whatsappsession/${id}/pairing-code`, { phoneNumber }),
  });
}
