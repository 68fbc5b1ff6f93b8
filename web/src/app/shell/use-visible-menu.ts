import { isMenuEntryVisible, MENU, type MenuContext, type MenuEntry } from '@chatflow/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { useAuth } from '../providers/AuthProvider';
import { BUILT_MENU_KEYS } from './menu-items';

/**
 * The menu entries the signed-in user may see (spec 1 §2.4), through the contract's visibility rule:
 * the drawer lists them and the command bar offers them, so both show the same screens.
 */
export function useVisibleMenu(): MenuEntry[] {
  const { user, subscriptionValid } = useAuth();
  const { data: helps = [] } = useQuery({
    queryKey: ['helps', 'list'],
    queryFn: () => api.get<unknown[]>('/helps/list'),
    enabled: !!user,
    staleTime: 60_000,
  });
  const hasHelps = helps.length > 0;
  return useMemo(() => {
    if (!user) return [];
    const ctx: MenuContext = {
      actor: { ...user, allHistoric: user.allHistoric ?? 'disabled' },
      plan: user.company.plan ?? ({} as MenuContext['plan']),
      subscriptionValid,
      hasHelps,
      built: BUILT_MENU_KEYS,
    };
    return MENU.filter((e) => isMenuEntryVisible(e, ctx));
  }, [user, subscriptionValid, hasHelps]);
}
