import { isPublicSettingKey, type PublicSettingKey } from '@chatflow/contract';
import { useQueryClient } from '@tanstack/react-query';
import { publicSettingsQuery } from './AppearanceProvider';
import { useCompanyEvent } from './SocketProvider';

/**
 * Whitelabel live: the server announces a change of name, colours or logos on every company's settings
 * channel; writing it into the public settings the theme reads repaints this session at once (colours,
 * logo, document title, favicon) without a reload. Inside SocketProvider, which sits below the theme.
 */
export function PublicSettingsLive() {
  const qc = useQueryClient();
  useCompanyEvent('settings', ({ setting }) => {
    if (!isPublicSettingKey(setting.key)) return;
    qc.setQueryData<Partial<Record<PublicSettingKey, string>>>(publicSettingsQuery.queryKey, (old) => ({
      ...old,
      [setting.key]: setting.value,
    }));
  });
  return null;
}
