import type { Channel } from './channels';

export const TICKET_STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_LOG_TYPES = [
  'create', 'chatBot', 'queue', 'open', 'access', 'transfered', 'receivedTransfer', 'pending', 'closed', 'reopen', 'redirect',
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

export interface TagRef { id: number; name: string; color: string }

/** A ticket as lists, the conversation header and realtime events carry it (spec 1 §3 Ticket). */
export interface TicketView {
  id: number;
  uuid: string;
  status: TicketStatus;
  channel: Channel;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  contactId: number;
  contact: {
    id: number; name: string; number: string; email: string; urlPicture: string; disableBot: boolean;
    active: boolean; acceptAudioMessage: boolean; isGroup: boolean;
  };
  whatsappId: number | null;
  whatsapp: { id: number; name: string; channel: Channel; groupAsTicket: 'enabled' | 'disabled' } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  lastMessage: string;
  unreadMessages: number;
  isBot: boolean;
  isGroup: boolean;
  useIntegration: boolean;
  amount: string | null;
  tags: TagRef[];
  userRating: { rate: number } | null;
  createdAt: string;
  updatedAt: string;
}
