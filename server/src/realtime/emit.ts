import { type Actor, type CompanyEvents, companyEventName, isAdmin } from '@chatflow/contract';
import type { Server } from 'socket.io';

/** Room names inside a company namespace. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  tickets: (status: string) => `tickets:${status}`,
  notification: 'notification',
  chatBox: (ticketUuid: string) => `chatbox:${ticketUuid}`,
  // Visibility rooms: a socket joins those its user belongs to; ticket events go to ticketAudience().
  admins: 'admins',
  queue: (queueId: number) => `queue:${queueId}`,
  noQueue: 'no-queue',
  groups: 'groups',
} as const;

/** The rooms whose members may see a ticket: the same rule as canSeeTicket in the contract. */
export function ticketAudience(t: { userId: number | null; queueId: number | null; isGroup: boolean }): string[] {
  const audience: string[] = [rooms.admins];
  if (t.userId) audience.push(rooms.user(t.userId));
  if (t.isGroup) audience.push(rooms.groups);
  else audience.push(t.queueId ? rooms.queue(t.queueId) : rooms.noQueue);
  return audience;
}

/** The visibility rooms a user belongs to: joined at connection, re-synced when the user changes. */
export function visibilityRooms(actor: Actor, queueIds: readonly number[]): string[] {
  const joined: string[] = [];
  if (isAdmin(actor)) joined.push(rooms.admins);
  if (actor.allowGroup) joined.push(rooms.groups);
  if (actor.allTicket === 'enable') joined.push(rooms.noQueue);
  for (const queueId of queueIds) joined.push(rooms.queue(queueId));
  return joined;
}

const isVisibilityRoom = (room: string) =>
  room === rooms.admins || room === rooms.groups || room === rooms.noQueue || room.startsWith('queue:');

/**
 * After a user's profile, flags or queues change (users feature, after commit): their open sockets
 * leave the visibility rooms they no longer belong to and join the new ones, so ticket events
 * follow the new rule at once rather than at the next reconnection.
 */
export function resyncUserRooms(realtime: Realtime, actor: Actor, queueIds: readonly number[]): Promise<void> {
  return realtime.syncUserRooms(actor.companyId, actor.id, visibilityRooms(actor, queueIds));
}

/**
 * The one way features send realtime events. Payload types come from the contract, so a feature
 * cannot send `company-{id}-queue` with a user in it. Callers emit after commit (see transaction hooks).
 */
export interface Realtime {
  toCompany<K extends keyof CompanyEvents>(companyId: number, kind: K, payload: CompanyEvents[K]): void;
  /** To the sockets in any of the rooms, each socket once (for ticket events: `ticketAudience(ticket)`). */
  toRoom<K extends keyof CompanyEvents>(companyId: number, room: string | string[], kind: K, payload: CompanyEvents[K]): void;
  /** Disconnects every socket in a room (for example a superseded session's). */
  disconnectRoom(companyId: number, room: string): void;
  /** Makes the visibility rooms of a user's sockets exactly `wanted` (see resyncUserRooms). */
  syncUserRooms(companyId: number, userId: number, wanted: string[]): Promise<void>;
}

export function socketRealtime(io: Server | null): Realtime {
  return {
    toCompany(companyId, kind, payload) {
      io?.of(`/${companyId}`).emit(companyEventName(companyId, kind), payload);
    },
    toRoom(companyId, room, kind, payload) {
      io?.of(`/${companyId}`).to(room).emit(companyEventName(companyId, kind), payload);
    },
    disconnectRoom(companyId, room) {
      io?.of(`/${companyId}`).in(room).disconnectSockets(true);
    },
    async syncUserRooms(companyId, userId, wanted) {
      if (!io) return;
      // fetchSockets reaches the user's sockets on every node (cluster adapter); join/leave follow them.
      for (const socket of await io.of(`/${companyId}`).in(rooms.user(userId)).fetchSockets()) {
        for (const room of [...socket.rooms]) if (isVisibilityRoom(room) && !wanted.includes(room)) socket.leave(room);
        socket.join(wanted);
      }
    },
  };
}
