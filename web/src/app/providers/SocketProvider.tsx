import { CLIENT_EVENTS, type CompanyEvents, companyEventName, PRESENCE_HEARTBEAT_MS } from '@chatflow/contract';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { notify } from '../../lib/notify';
import { tokenStore } from '../../lib/token';
import { useAuth } from './AuthProvider';

const SocketContext = createContext<Socket | null>(null);
export const useSocket = () => useContext(SocketContext);

/**
 * One socket per signed-in user, on the company's namespace. It reconnects every second without end
 * (spec 1 §9), beats `userStatus` every 5 minutes, and ends the session when the account is used
 * elsewhere ("Sua conta foi acessada em outro computador.").
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { t } = useTranslation();
  const [socket, setSocket] = useState<Socket | null>(null);
  const companyId = user?.companyId;
  const userId = user?.id;

  useEffect(() => {
    if (!companyId || !userId) return;
    const s = io(`/${companyId}`, {
      transports: ['websocket', 'polling'],
      auth: (cb) => cb({ token: tokenStore.get() }),
      query: { userId: String(userId) },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 1000,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    const beat = setInterval(() => s.emit(CLIENT_EVENTS.userStatus), PRESENCE_HEARTBEAT_MS);
    s.on(companyEventName(companyId, 'auth'), (data: CompanyEvents['auth']) => {
      if (data.user.id !== userId) return;
      notify(t('auth.sessionTakenOver'), 'error', 2000);
      setTimeout(() => {
        localStorage.clear();
        window.location.reload();
      }, 1000);
    });
    setSocket(s);
    return () => {
      clearInterval(beat);
      s.close();
      setSocket(null);
    };
  }, [companyId, userId, t]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/** Subscribe to `company-{id}-{kind}` while mounted; the handler may change between renders. */
export function useCompanyEvent<K extends keyof CompanyEvents>(kind: K, handler: (payload: CompanyEvents[K]) => void) {
  const socket = useSocket();
  const { user } = useAuth();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!socket || !user) return;
    const name = companyEventName(user.companyId, kind);
    const listener = (payload: CompanyEvents[K]) => ref.current(payload);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, user, kind]);
}
