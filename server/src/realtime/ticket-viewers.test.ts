import type { Namespace, Socket } from 'socket.io';
import { afterEach, expect, test, vi } from 'vitest';
import { rooms } from './emit';
import { ticketViewerPresence } from './ticket-viewers';

// The real-socket behaviour (who hears what) is in features/tickets/viewers.test.ts; this one covers the typing
// timer, whose expiry a test should not wait out in real time.

afterEach(() => {
  vi.useRealTimers();
});

/** A namespace of in-memory sockets: enough of socket.io for the presence (rooms, fetchSockets, emit). */
function namespace() {
  const sockets: Socket[] = [];
  const emitted: { room: string; event: string; payload: unknown }[] = [];
  const nsp = {
    name: '/7',
    in: (room: string) => ({ fetchSockets: async () => sockets.filter((s) => s.rooms.has(room)) }),
    to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push({ room, event, payload }) }),
  } as unknown as Namespace;
  const socket = (userId: number, name: string, ticketUuid: string) => {
    const joined = new Set([rooms.chatBox(ticketUuid)]);
    const s = {
      id: `s${sockets.length}`,
      data: { actor: { id: userId }, userName: name },
      rooms: joined,
      nsp,
      leave: (room: string) => joined.delete(room),
    } as unknown as Socket;
    sockets.push(s);
    return s;
  };
  return { socket, emitted };
}

test('a typist is forgotten after the time to live without a beat, and each beat renews it', async () => {
  vi.useFakeTimers();
  const presence = ticketViewerPresence({ typingTtlMs: 5_000, onError: (err) => expect.fail(String(err)) });
  const { socket, emitted } = namespace();
  const maria = socket(2, 'Maria', 'u-1');
  socket(1, 'João', 'u-1');

  await presence.typing(maria, 'u-1', true);
  expect(emitted.at(-1)).toEqual({
    room: 'chatbox:u-1',
    event: 'company-7-ticketViewers',
    payload: {
      ticketUuid: 'u-1',
      viewers: [
        { userId: 1, name: 'João', typing: false },
        { userId: 2, name: 'Maria', typing: true },
      ],
    },
  });
  await vi.advanceTimersByTimeAsync(4_000);
  await presence.typing(maria, 'u-1', true); // a beat: renews, announces nothing
  await vi.advanceTimersByTimeAsync(4_000);
  expect(emitted).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(emitted).toHaveLength(2);
  expect(emitted.at(-1)?.payload).toMatchObject({ viewers: [{ typing: false }, { name: 'Maria', typing: false }] });
});

test('a socket that does not view the ticket cannot type in it', async () => {
  const presence = ticketViewerPresence({ onError: (err) => expect.fail(String(err)) });
  const { socket, emitted } = namespace();
  const outsider = socket(3, 'Outsider', 'u-2');
  await presence.typing(outsider, 'u-1', true);
  expect(emitted).toEqual([]);
});
