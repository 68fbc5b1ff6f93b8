import type { GlobalSettingView, SettingView, WhitelabelLogoMode } from '@chatflow/contract';
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
  update: ['settings', 'update'] as const,
};

type Values = Record<string, string>;
const toValues = (rows: SettingView[]): Values => Object.fromEntries(rows.map((r) => [r.key, r.value]));

/** The company's settings as key -> value; another admin's change arrives over the socket. */
export function useCompanySettings() {
  const qc = useQueryClient();
  useCompanyEvent('settings', ({ setting }) =>
    qc.setQueryData<Values>(settingKeys.company, (old) => (old ? { ...old, [setting.key]: setting.value } : old)),
  );
  return useQuery({ queryKey: settingKeys.company, queryFn: async () => toValues(await api.get<SettingView[]>('/settings')) });
}

/** Global settings (super user). Secrets come back empty and are not edited on these tabs. */
export function useGlobalSettings(enabled = true) {
  return useQuery({
    queryKey: settingKeys.global,
    queryFn: async () => toValues(await api.get<GlobalSettingView[]>('/settings/global')),
    enabled,
  });
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
    mutationFn: ({ key, value }: { key: string; value: string }) => api.put<SettingView>(`/settings/${encodeURIComponent(key)}`, { value }),
    onSuccess: (saved, { key, value }) => {
      qc.setQueryData<Values>(settingKeys[scope], (old) => ({ ...old, [key]: saved?.value ?? value }));
      if (scope === 'global') void qc.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
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
      qc.setQueryData<Values>(settingKeys.global, (old) => ({ ...old, [`appLogo${mode}`]: path }));
      return qc.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
  });
}
