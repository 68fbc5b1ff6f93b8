import { daysUntilDue, isAdmin, isSubscriptionValid, type SessionUserView, SUBSCRIPTION_WARNING_DAYS } from '@chatflow/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, onRefreshed, onUnauthorized, refreshToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { tokenStore } from '../../lib/token';

interface AuthState {
  user: SessionUserView | null;
  loading: boolean;
  subscriptionValid: boolean;
  login(input: { email: string; password: string; remember: boolean }): Promise<SessionUserView>;
  logout(): Promise<void>;
  /** Merge fresh fields into the session user (profile edits, theme). */
  updateUser(patch: Partial<SessionUserView>): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/**
 * Session state (spec 1 §4.3): on start, a stored token triggers one refresh; a 401 anywhere (the
 * refresh included) ends the session; login warns when fewer than 5 days remain on the subscription.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [user, setUser] = useState<SessionUserView | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const offUnauthorized = onUnauthorized(() => setUser(null));
    const offRefreshed = onRefreshed((body) => setUser((body as { user: SessionUserView }).user));
    if (tokenStore.get()) {
      // A refresh the server refuses (401) clears the token itself (lib/api.ts); one that got no answer
      // (server restarting, database outage) keeps it, so the next page load tries again.
      refreshToken().then(() => setLoading(false));
    } else {
      setLoading(false);
    }
    return () => {
      offUnauthorized();
      offRefreshed();
    };
  }, []);

  const login = useCallback(
    async (input: { email: string; password: string; remember: boolean }) => {
      const body = await api.post<{ token: string; user: SessionUserView }>('/auth/login', input);
      tokenStore.set(body.token);
      setUser(body.user);
      // The renewal is the admins' business (spec 2 §6: Financeiro is theirs): agents are not warned.
      const days = daysUntilDue(body.user.company.dueDate);
      if (isAdmin(body.user) && days >= 0 && days < SUBSCRIPTION_WARNING_DAYS) {
        notify(days === 0 ? t('subscription.expiresToday') : t('subscription.expiresIn', { count: days }), 'warning', 6000);
      }
      return body.user;
    },
    [t],
  );

  const logout = useCallback(async () => {
    await api.delete('/auth/logout').catch(() => {});
    tokenStore.clear();
    setUser(null);
  }, []);

  const updateUser = useCallback((patch: Partial<SessionUserView>) => setUser((u) => (u ? { ...u, ...patch } : u)), []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      login,
      logout,
      updateUser,
      subscriptionValid: user ? isSubscriptionValid(user.company.id, user.company.dueDate) : false,
    }),
    [user, loading, login, logout, updateUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
