import { Alert } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { useSocket } from '../providers/SocketProvider';

/** A blip (a deploy, a node's restart) reconnects within a second or two: only a longer outage is shown. */
export const OFFLINE_NOTICE_MS = 3000;

/** Whether the socket has been down (not yet connected, refused, or reconnecting) for longer than OFFLINE_NOTICE_MS. */
export function useRealtimeOffline(socket: Socket | null) {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const down = () => {
      if (timer === undefined && !socket.connected) timer = setTimeout(() => setOffline(true), OFFLINE_NOTICE_MS);
    };
    const up = () => {
      clearTimeout(timer);
      timer = undefined;
      setOffline(false);
    };
    socket.on('connect', up);
    socket.on('disconnect', down);
    socket.on('connect_error', down);
    if (!socket.connected) down();
    return () => {
      clearTimeout(timer);
      socket.off('connect', up);
      socket.off('disconnect', down);
      socket.off('connect_error', down);
    };
  }, [socket]);
  return offline;
}

/**
 * Without the socket no list, badge or conversation updates: the user is told, instead of working on a
 * page that silently went stale. The bar goes away when the socket connects again.
 */
export function RealtimeStatusBar() {
  const { t } = useTranslation();
  const offline = useRealtimeOffline(useSocket());
  if (!offline) return null;
  return (
    <Alert severity="warning" role="status" data-testid="realtime-offline" sx={{ borderRadius: 0, py: 0 }}>
      {t('realtime.offline')}
    </Alert>
  );
}
