import type { QueueView } from './queues';
import type { UserView } from './users';

/**
 * Realtime event names, kept exactly as the spec writes them (ARCHITECTURE "Realtime contract"),
 * including `company{id}-tag` without the hyphen. Each entry maps a short name to the event name
 * and the payload type; `emitToCompany(…, 'user', payload)` sends `company-{id}-user`.
 */
export interface CompanyEvents {
  user: { action: 'update' | 'create'; user: UserView } | { action: 'delete'; userId: number };
  auth: { action: 'update'; user: { id: number } };
  queue: { action: 'update' | 'create'; queue: QueueView } | { action: 'delete'; queueId: number };
  settings: { action: 'update'; setting: { key: string; value: string } };
}

export const companyEventName = (companyId: number, kind: keyof CompanyEvents | string) =>
  kind === 'tag' ? `company${companyId}-tag` : `company-${companyId}-${kind}`;

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinTickets: 'joinTickets',
  leaveTickets: 'leaveTickets',
  joinNotification: 'joinNotification',
  joinChatBox: 'joinChatBox',
  leaveChatBox: 'leaveChatBox',
  userStatus: 'userStatus',
} as const;

export const TICKET_ROOMS = ['open', 'pending', 'closed', 'group'] as const;

/** Presence heartbeat period (spec 1 §9); a user is marked offline after missing two beats plus slack. */
export const PRESENCE_HEARTBEAT_MS = 300_000;
export const PRESENCE_TIMEOUT_MS = 2 * PRESENCE_HEARTBEAT_MS + 60_000;
