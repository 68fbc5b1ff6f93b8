import { GLOBAL_SETTING_DEFAULTS, PUBLIC_SETTING_KEYS, type PublicSettingKey } from '@chatflow/contract';
import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { stickyLastColumn } from '../theme/sticky-actions';
import { useAuth } from './AuthProvider';

type Mode = 'light' | 'dark';
const MODE_KEY = 'preferredTheme';
const DEFAULT_FAVICON = '/favicon.svg';

interface Appearance {
  mode: Mode;
  toggleMode(): void;
  appName: string;
  logo: string;
  settings: Partial<Record<PublicSettingKey, string>>;
}
const AppearanceContext = createContext<Appearance | null>(null);

export function useAppearance(): Appearance {
  const ctx = useContext(AppearanceContext);
  if (!ctx) throw new Error('useAppearance outside AppearanceProvider');
  return ctx;
}

/** The white-label settings, readable without a session so the login page wears them too. */
export const publicSettingsQuery = {
  queryKey: ['public-settings'],
  queryFn: async () => {
    const entries = await Promise.all(
      PUBLIC_SETTING_KEYS.map(async (key) => [key, await api.get<string>(`/public-settings/${key}`).catch(() => '')] as const),
    );
    return Object.fromEntries(entries) as Partial<Record<PublicSettingKey, string>>;
  },
  staleTime: 5 * 60_000,
};

/**
 * Theme: colours and logos from the public settings; light/dark from the user's defaultTheme
 * (saved on the user, so it follows them to another browser), or from local storage before login.
 */
export function AppearanceProvider({ children }: { children: ReactNode }) {
  const { user, updateUser } = useAuth();
  const { t } = useTranslation();
  const { data: settings = {} } = useQuery(publicSettingsQuery);
  const [localMode, setLocalMode] = useState<Mode>(() => (localStorage.getItem(MODE_KEY) === 'dark' ? 'dark' : 'light'));
  const mode: Mode = user?.defaultTheme ?? localMode;

  const toggleMode = useCallback(() => {
    const next: Mode = mode === 'light' ? 'dark' : 'light';
    localStorage.setItem(MODE_KEY, next);
    setLocalMode(next);
    if (user) {
      updateUser({ defaultTheme: next });
      void api.put(`/users/${user.id}`, { defaultTheme: next }).catch(() => {});
    }
  }, [mode, user, updateUser]);

  const appName = settings.appName || 'Chat-flow';
  const logo = (mode === 'dark' ? settings.appLogoDark : settings.appLogoLight) || '/logo.svg';

  useEffect(() => {
    document.title = appName;
    // A removed favicon falls back to the built-in one; the type goes, so the browser sniffs a PNG or ICO.
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) {
      link.href = settings.appLogoFavicon || DEFAULT_FAVICON;
      if (settings.appLogoFavicon) link.removeAttribute('type');
    }
  }, [appName, settings.appLogoFavicon]);

  const theme = useMemo(
    () =>
      createTheme({
        palette: {
          mode,
          primary: {
            main:
              (mode === 'dark' ? settings.primaryColorDark : settings.primaryColorLight) ||
              GLOBAL_SETTING_DEFAULTS[mode === 'dark' ? 'primaryColorDark' : 'primaryColorLight'],
          },
          background: mode === 'light' ? { default: '#f4f6fa', paper: '#ffffff' } : { default: '#0f1218', paper: '#171b24' },
        },
        shape: { borderRadius: 8 },
        typography: { fontFamily: 'Inter, Roboto, "Helvetica Neue", Arial, sans-serif' },
        components: {
          MuiButton: { defaultProps: { disableElevation: true } },
          MuiTableCell: stickyLastColumn,
          // A spinner is a progressbar, and a progressbar needs a name (axe aria-progressbar-name).
          MuiCircularProgress: { defaultProps: { 'aria-label': t('common.loading') } },
        },
      }),
    [mode, settings.primaryColorDark, settings.primaryColorLight, t],
  );

  const value = useMemo(() => ({ mode, toggleMode, appName, logo, settings }), [mode, toggleMode, appName, logo, settings]);
  return (
    <AppearanceContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </AppearanceContext.Provider>
  );
}
