import { companyEventName } from '@chatflow/contract';
import { type Realtime, rooms } from '../realtime/emit';

/** A Realtime that records instead of sending, for tests that assert on what would be emitted. */
export function recordingRealtime() {
  const sent: { companyId: number; room: string | string[] | null; event: string; payload: unknown }[] = [];
  const realtime: Realtime = {
    toCompany: (companyId, kind, payload) => void sent.push({ companyId, room: null, event: companyEventName(companyId, kind), payload }),
    toRoom: (companyId, room, kind, payload) => void sent.push({ companyId, room, event: companyEventName(companyId, kind), payload }),
    disconnectRoom: () => {},
    syncUserRooms: async (companyId, userId, wanted) =>
      void sent.push({ companyId, room: rooms.user(userId), event: 'rooms:sync', payload: { rooms: wanted } }),
  };
  return { realtime, sent };
}
