import { CLIENT_EVENTS, type CompanyEvents, companyEventName, PRESENCE_HEARTBEAT_MS } from '@chatflow/contract';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { refreshToken } from '../../lib/api';
import { notify } from '../../lib/notify';
import { reloadPage } from '../../lib/page';
import { tokenStore } from '../../lib/token';
import { useAuth } from './AuthProvider';

const SocketContext = createContext<Socket | null>(null);
export const useSocket = () => useContext(SocketContext);
/** Spec 1 §7 "Realtime": it reconnects endlessly every 1 second. */
const RECONNECT_MS = 1000;

/**
 * One socket per signed-in user, on the company's namespace. It reconnects every second without end
 * (spec 1 §9), beats `userStatus` every 5 minutes, and ends the session when the account is used
 * elsewhere ("Sua conta foi acessada em outro computador.").
 *
 * A handshake the server refuses (ERR_SESSION_EXPIRED: the access token expired while the socket was
 * down) is not retried by socket.io itself, so the socket refreshes the token once and connects again;
 * a refresh the server refuses ends the session (lib/api.ts), which unmounts this socket.
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
      reconnectionDelay: RECONNECT_MS,
      reconnectionDelayMax: RECONNECT_MS,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
    const beat = setInterval(() => s.emit(CLIENT_EVENTS.userStatus), PRESENCE_HEARTBEAT_MS);
    let retry: ReturnType<typeof setTimeout> | undefined;
    s.on('connect_error', (err: Error) => {
      if (s.active || err.message !== 'ERR_SESSION_EXPIRED') return; // socket.io retries the other failures itself
      void refreshToken().then((token) => {
        if (token) s.connect();
        else retry = setTimeout(() => s.connect(), RECONNECT_MS); // the server did not answer: try again, as socket.io would
      });
    });
    s.on(companyEventName(companyId, 'auth'), (data: CompanyEvents['auth']) => {
      if (data.user.id !== userId) return;
      notify(t('auth.sessionTakenOver'), 'error', 2000);
      setTimeout(() => {
        localStorage.clear();
        reloadPage();
      }, 1000);
    });
    setSocket(s);
    return () => {
      clearTimeout(retry);
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
