import { type CompanyEvents, companyEventName } from '@chatflow/contract';
import type { Server } from 'socket.io';

/** Room names inside a company namespace. */
export const rooms = {
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  tickets: (status: string) => `tickets:${status}`,
  notification: 'notification',
  chatBox: (ticketUuid: string) => `chatbox:${ticketUuid}`,
} as const;

/**
 * The one way features send realtime events. Payload types come from the contract, so a feature
 * cannot send `company-{id}-queue` with a user in it. Callers emit after commit (see transaction hooks).
 */
export interface Realtime {
  toCompany<K extends keyof CompanyEvents>(companyId: number, kind: K, payload: CompanyEvents[K]): void;
  toRoom<K extends keyof CompanyEvents>(companyId: number, room: string, kind: K, payload: CompanyEvents[K]): void;
  /** Disconnects every socket in a room (for example a superseded session's). */
  disconnectRoom(companyId: number, room: string): void;
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
  };
}

/** A Realtime that records instead of sending, for tests that assert on what would be emitted. */
export function recordingRealtime() {
  const sent: { companyId: number; room: string | null; event: string; payload: unknown }[] = [];
  const realtime: Realtime = {
    toCompany: (companyId, kind, payload) => void sent.push({ companyId, room: null, event: companyEventName(companyId, kind), payload }),
    toRoom: (companyId, room, kind, payload) => void sent.push({ companyId, room, event: companyEventName(companyId, kind), payload }),
    disconnectRoom: () => {},
  };
  return { realtime, sent };
}
