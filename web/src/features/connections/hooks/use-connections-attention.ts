import { canSeeConnections, type ConnectionStatus } from '@chatflow/contract';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../app/providers/AuthProvider';
import { useConnections } from './use-connections';
import { useConnectionDropToast } from '../down/use-connection-drop-toast';
import { useConnectionsRealtime } from './use-connections-realtime';

/** Statuses that need someone's attention (spec 1 §4.4): every one but CONNECTED. */
const NEEDS_ATTENTION: readonly ConnectionStatus[] = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'];
/** Spec 1 §4.4: the badge is evaluated after about 2 seconds, so a connection that is just starting does not flash it. */
export const BADGE_DELAY_MS = 2000;

/** Whether the signed-in user may see the connections (the menu entry, the dashboard's notice of those down). */
export function useMaySeeConnections(): boolean {
  const { user } = useAuth();
  return !!user && canSeeConnections({ ...user, allHistoric: user.allHistoric ?? 'disabled' });
}

/** Whether the menu's connections entry shows its badge, for users who may see connections. */
export function useConnectionsAttention(): boolean {
  const allowed = useMaySeeConnections();
  const { data = [] } = useConnections(allowed);
  useConnectionsRealtime();
  // Mounted with the menu on every screen: an admin hears of a connection that dropped wherever they are.
  useConnectionDropToast();
  const attention = data.some((c) => NEEDS_ATTENTION.includes(c.status));
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(attention), BADGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [attention]);
  return allowed && shown;
}
