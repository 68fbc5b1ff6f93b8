import {
  type CERTIFICATE_DESTINATIONS,
  type CertificateUploadAnswer,
  type CertificateView,
  type GlobalSettingView,
  isCompanySettingKey,
  isPublicSettingKey,
  type SettingView,
  type UpdatedSetting,
  type WhitelabelLogoMode,
} from '@chatflow/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { publicSettingsQuery } from '../../app/providers/AppearanceProvider';
import { useCompanyEvent } from '../../app/providers/SocketProvider';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { notify } from '../../lib/notify';

export type SettingScope = 'company' | 'global';
export const settingKeys = {
  company: ['settings', 'company'] as const,
  global: ['settings', 'global'] as const,
  certificates: ['settings', 'certificates'] as const,
  update: ['settings', 'update'] as const,
};

type Values = Record<string, string>;
const toValues = (rows: SettingView[]): Values => Object.fromEntries(rows.map((r) => [r.key, r.value]));

/** The company's settings as key -> value; another admin's change arrives over the socket. */
export function useCompanySettings() {
  const qc = useQueryClient();
  useCompanyEvent('settings', ({ setting }) => {
    // The same channel carries the platform's whitelabel keys (PublicSettingsLive applies those).
    if (!isCompanySettingKey(setting.key)) return;
    qc.setQueryData<Values>(settingKeys.company, (old) => (old ? { ...old, [setting.key]: setting.value } : old));
  });
  return useQuery({ queryKey: settingKeys.company, queryFn: async () => toValues(await api.get<SettingView[]>('/settings')) });
}

/** Replaces (or adds) one row of the global settings cache. */
function withGlobalRow(old: GlobalSettingView[] | undefined, row: GlobalSettingView): GlobalSettingView[] {
  const rows = old ?? [];
  return rows.some((r) => r.key === row.key) ? rows.map((r) => (r.key === row.key ? row : r)) : [...rows, row];
}

/** The global settings rows (super user); another super user's whitelabel change arrives over the socket. */
function useGlobalRows<T>(select: (rows: GlobalSettingView[]) => T, enabled = true) {
  const qc = useQueryClient();
  useCompanyEvent('settings', ({ setting }) => {
    if (!isPublicSettingKey(setting.key)) return;
    qc.setQueryData<GlobalSettingView[]>(settingKeys.global, (old) =>
      old ? withGlobalRow(old, { ...setting, hasValue: setting.value !== '', secret: false }) : old,
    );
  });
  return useQuery({ queryKey: settingKeys.global, queryFn: () => api.get<GlobalSettingView[]>('/settings/global'), select, enabled });
}

/** Global settings as key -> value. Secrets come back empty: their state is useSecretStatus's. */
export function useGlobalSettings(enabled = true) {
  return useGlobalRows(toValues, enabled);
}

/** Secret key -> whether a value is set. The values themselves never reach the browser (write-only). */
export function useSecretStatus() {
  return useGlobalRows(
    (rows) => Object.fromEntries(rows.filter((r) => r.secret).map((r) => [r.key, r.hasValue])) as Record<string, boolean>,
  );
}

/**
 * Saves one setting at once (spec 2 §4 Settings) and says so with 'Operação atualizada com sucesso.'.
 * A validation failure resolves to its message key so the field can show it; other failures toast.
 * Whitelabel keys feed the theme, so the public settings are read again after them.
 */
export function useSaveSetting(scope: SettingScope) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationKey: settingKeys.update,
    mutationFn: ({ key, value }: { key: string; value: string }) =>
      api.put<UpdatedSetting>(`/settings/${encodeURIComponent(key)}`, { value }),
    onSuccess: (saved, { key, value }) => {
      if (scope === 'company') {
        qc.setQueryData<Values>(settingKeys.company, (old) => ({ ...old, [key]: saved?.value ?? value }));
        return;
      }
      const row = saved && 'secret' in saved ? saved : { key, value, hasValue: value !== '', secret: false };
      qc.setQueryData<GlobalSettingView[]>(settingKeys.global, (old) => withGlobalRow(old, row));
      void qc.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
  return async (key: string, value: string): Promise<string | null> => {
    try {
      await mutation.mutateAsync({ key, value });
      notify(t('settings.updated'));
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_VALIDATION' && err.fields?.[0]) return err.fields[0].key;
      toastError(err);
      return 'error';
    }
  };
}

/** POST /settings-whitelabel/logo: the answer is the stored path, already saved as appLogo{mode}. */
export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: settingKeys.update,
    mutationFn: ({ mode, file }: { mode: WhitelabelLogoMode; file: File }) => {
      const form = new FormData();
      form.append('typeArch', 'logo');
      form.append('mode', mode);
      form.append('file', file);
      return api.post<string>('/settings-whitelabel/logo', form);
    },
    onSuccess: (path, { mode }) => {
      const row = { key: `appLogo${mode}`, value: path, hasValue: true, secret: false };
      qc.setQueryData<GlobalSettingView[]>(settingKeys.global, (old) => withGlobalRow(old, row));
      return qc.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}

/** GET /settings/certificates: which destinations have a certificate, by file name and date only. */
export function useCertificates() {
  return useQuery({ queryKey: settingKeys.certificates, queryFn: () => api.get<CertificateView[]>('/settings/certificates') });
}

export type CertificateDestination = (typeof CERTIFICATE_DESTINATIONS)[number];

/** POST /settings/cert-upload?ref={destination}; the answer is the spec's { mensagem: 'Arquivo Anexado' }. */
export function useUploadCertificate() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: settingKeys.update,
    mutationFn: ({ destination, file }: { destination: CertificateDestination; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<CertificateUploadAnswer>(`/settings/cert-upload?ref=${encodeURIComponent(destination)}`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: settingKeys.certificates }),
  });
}
