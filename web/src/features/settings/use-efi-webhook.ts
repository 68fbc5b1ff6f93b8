import type { EfiWebhookStatus } from '@chatflow/contract';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';

// Efí notifies a paid PIX charge only to the webhook registered for the pix key (issue 19). The server
// registers it (GET/PUT /settings/efi-webhook); this screen asks it to as soon as the Efí section is
// complete, and says plainly when Efí refuses.

const statusKey = ['settings', 'efiWebhook'] as const;
const registerKey = ['settings', 'efiWebhook', 'register'] as const;
const fetchStatus = () => api.get<EfiWebhookStatus>('/settings/efi-webhook');

/** What Efí holds for the pix key (the server asks Efí only once all four Efí settings are set). */
export function useEfiWebhookStatus() {
  return useQuery({ queryKey: statusKey, queryFn: fetchStatus, retry: false });
}

/** The translated error with Efí's own words after it, when Efí gave any. */
export function efiWebhookErrorText(err: unknown): string {
  const detail = err instanceof ApiError ? (err.body as { detail?: unknown } | null)?.detail : undefined;
  return typeof detail === 'string' && detail ? `${errorMessage(err)} ${detail}` : errorMessage(err);
}

/** PUT /settings/efi-webhook: registers this server's URL unless Efí already holds it. */
export function useRegisterEfiWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: registerKey,
    mutationFn: () => api.put<EfiWebhookStatus>('/settings/efi-webhook'),
    onSuccess: (status) => qc.setQueryData(statusKey, status),
  });
}

/** The last registration's failure, wherever it was started (a save, an upload or the button); null after a success. */
export function useLastEfiWebhookError(): unknown {
  const states = useMutationState({ filters: { mutationKey: registerKey }, select: (m) => m.state });
  const last = states.at(-1);
  return last?.status === 'error' ? last.error : null;
}

/**
 * Called after an Efí credential or the Efí certificate is saved: once client id, secret, pix key and
 * certificate are all set and Efí does not hold this server's URL yet, registers it and says so; a
 * refusal is shown with Efí's message (and stays on the Efí section until a registration succeeds).
 */
export function useRegisterEfiWebhookWhenReady() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const register = useRegisterEfiWebhook();
  return async () => {
    try {
      const status = await qc.fetchQuery({ queryKey: statusKey, queryFn: fetchStatus, staleTime: 0 });
      if (!status.configured || status.registeredUrl === status.webhookUrl) return;
      const saved = await register.mutateAsync();
      notify(t('settings.payments.webhook.registered', { url: saved.registeredUrl }));
    } catch (err) {
      notify(efiWebhookErrorText(err), 'error', 8000);
    }
  };
}
