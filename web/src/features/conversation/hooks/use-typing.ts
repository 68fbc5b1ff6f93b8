import { CLIENT_EVENTS, TYPING_BEAT_MS } from '@chatflow/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useSocket } from '../../../app/providers/SocketProvider';

/**
 * Tells the other viewers of the ticket that this agent types: a beat at most every TYPING_BEAT_MS while the text
 * changes (the server forgets a typist after a few seconds without one), and an explicit stop when the text is
 * emptied, sent, or the conversation closes.
 */
export function useTyping(uuid: string) {
  const socket = useSocket();
  const lastBeat = useRef(0);

  const stop = useCallback(() => {
    if (lastBeat.current === 0) return;
    lastBeat.current = 0;
    socket?.emit(CLIENT_EVENTS.typing, uuid, false);
  }, [socket, uuid]);

  const changed = useCallback(
    (text: string) => {
      if (!text.trim()) return stop();
      const now = Date.now();
      if (now - lastBeat.current < TYPING_BEAT_MS) return;
      lastBeat.current = now;
      socket?.emit(CLIENT_EVENTS.typing, uuid, true);
    },
    [socket, uuid, stop],
  );

  useEffect(() => stop, [stop]);
  return { changed, stop };
}
