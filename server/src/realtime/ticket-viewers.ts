import { type Actor, companyEventName, TYPING_TTL_MS, type TicketViewer } from '@chatflow/contract';
import type { Namespace, Socket } from 'socket.io';
import { rooms } from './emit';

const CHAT_BOX = rooms.chatBox('');

/** What a socket carries for the viewer list (socket.data travels with fetchSockets to every node). */
interface ViewerData {
  actor?: Actor;
  userName?: string;
  /** The ticket uuid this socket is typing in, if any. */
  typingIn?: string | null;
}

/** The ticket uuids whose chat boxes a socket is in. */
export const chatBoxesOf = (socket: Pick<Socket, 'rooms'>): string[] =>
  [...socket.rooms].filter((r) => r.startsWith(CHAT_BOX)).map((r) => r.slice(CHAT_BOX.length));

/** One entry per user (an agent with two tabs is one viewer), typing when any of their sockets types in the ticket. */
export function viewersOf(sockets: readonly { data: unknown }[], ticketUuid: string): TicketViewer[] {
  const byUser = new Map<number, TicketViewer>();
  for (const { data } of sockets) {
    const { actor, userName, typingIn } = data as ViewerData;
    if (!actor) continue;
    const typing = typingIn === ticketUuid || Boolean(byUser.get(actor.id)?.typing);
    byUser.set(actor.id, { userId: actor.id, name: userName ?? '', typing });
  }
  return [...byUser.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * Collision warning: who has a ticket open and who types in it. The list is computed from the chat-box room's
 * sockets (fetchSockets goes through the cluster adapter, so viewers on every node count) instead of a map in this
 * process, which would know only this node's sockets and outlive a crashed node's. The only state kept here is
 * each local socket's typing timer: a socket's typing ends on the node that holds it.
 */
export function ticketViewerPresence(options: { typingTtlMs?: number; onError(err: unknown): void }) {
  const ttl = options.typingTtlMs ?? TYPING_TTL_MS;
  const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  // Announcements of one ticket are computed one after the other on this node, so a slower, older list never
  // arrives after a newer one.
  const pending = new Map<string, Promise<void>>();

  const announce = (nsp: Namespace, ticketUuid: string) => {
    const key = `${nsp.name} ${ticketUuid}`;
    const run = (pending.get(key) ?? Promise.resolve())
      .then(async () => {
        const room = rooms.chatBox(ticketUuid);
        const viewers = viewersOf(await nsp.in(room).fetchSockets(), ticketUuid);
        const companyId = Number(nsp.name.slice(1));
        nsp.to(room).emit(companyEventName(companyId, 'ticketViewers'), { ticketUuid, viewers });
      })
      .catch(options.onError)
      .finally(() => {
        if (pending.get(key) === run) pending.delete(key);
      });
    pending.set(key, run);
    return run;
  };

  const stopTyping = (socket: Socket) => {
    clearTimeout(typingTimers.get(socket.id));
    typingTimers.delete(socket.id);
    const was = (socket.data as ViewerData).typingIn ?? null;
    (socket.data as ViewerData).typingIn = null;
    return was;
  };

  return {
    /** After the socket joined `ticketUuid`'s chat box: it views one ticket at a time, so it leaves the others. */
    joined(socket: Socket, ticketUuid: string) {
      stopTyping(socket);
      for (const other of chatBoxesOf(socket)) {
        if (other === ticketUuid) continue;
        socket.leave(rooms.chatBox(other));
        void announce(socket.nsp, other);
      }
      return announce(socket.nsp, ticketUuid);
    },
    left(socket: Socket, ticketUuid: string) {
      if (!chatBoxesOf(socket).includes(ticketUuid)) return Promise.resolve();
      stopTyping(socket);
      socket.leave(rooms.chatBox(ticketUuid));
      return announce(socket.nsp, ticketUuid);
    },
    /** A typing beat (or its end). Ignored unless the socket views the ticket, so nobody types into a box they may not see. */
    typing(socket: Socket, ticketUuid: string, typing: boolean) {
      if (!chatBoxesOf(socket).includes(ticketUuid)) return Promise.resolve();
      const was = stopTyping(socket);
      if (typing) {
        (socket.data as ViewerData).typingIn = ticketUuid;
        typingTimers.set(
          socket.id,
          setTimeout(() => {
            stopTyping(socket);
            void announce(socket.nsp, ticketUuid);
          }, ttl),
        );
      }
      // A beat that changes nothing only renews the timer: no event for every keystroke's beat.
      return was === (typing ? ticketUuid : null) ? Promise.resolve() : announce(socket.nsp, ticketUuid);
    },
    /** After the socket disconnected (it has left its rooms): the tickets it viewed, from `disconnecting`. */
    disconnected(socket: Socket, viewed: readonly string[]) {
      stopTyping(socket);
      return Promise.all(viewed.map((uuid) => announce(socket.nsp, uuid)));
    },
  };
}
