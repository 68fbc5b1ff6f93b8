import type { MetaLoginSettingsView } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { type FacebookSdk, facebookSdk } from './facebook-sdk';

export const metaLoginKeys = { settings: ['meta', 'login-settings'] as const };

/** GET /meta/login-settings: the Meta app's public ids and what the operator has still to set. */
export function useMetaLoginSettings(enabled = true) {
  return useQuery({
    queryKey: metaLoginKeys.settings,
    queryFn: () => api.get<MetaLoginSettingsView>('/meta/login-settings'),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The SDK, loaded as soon as the dialog knows the app is set up, so the login button calls FB.login
 * straight from the click (a popup opened later, after an await, is blocked by browsers).
 */
export function useFacebookSdk(settings: MetaLoginSettingsView | undefined, ready: boolean) {
  const { i18n } = useTranslation();
  const [sdk, setSdk] = useState<FacebookSdk | null>(null);
  const [failed, setFailed] = useState(false);
  const appId = settings?.appId ?? '';
  const version = settings?.graphVersion ?? '';
  useEffect(() => {
    if (!ready || !appId) return;
    let live = true;
    facebookSdk(appId, version, i18n.language)
      .then((loaded) => live && setSdk(loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [ready, appId, version, i18n.language]);
  return { sdk, failed };
}
