import type { TagRef, TicketView } from '@chatflow/contract';
import type { ConnectionRow, ContactRow, TicketRow } from '../../db/schema';
import { lastMessageMediaOf } from './last-message';

type ContactPart = Pick<
  ContactRow,
  'id' | 'name' | 'number' | 'email' | 'urlPicture' | 'disableBot' | 'active' | 'acceptAudioMessage' | 'isGroup'
>;

/** A ticket with what its view shows: loaded in bulk by loader.ts. */
export interface TicketBundle {
  ticket: TicketRow;
  contact: ContactPart;
  queue: { id: number; name: string; color: string } | null;
  connection: Pick<ConnectionRow, 'id' | 'name' | 'channel' | 'groupAsTicket'> | null;
  user: { id: number; name: string } | null;
  tags: TagRef[];
  /** The latest user_ratings rate of the ticket. */
  rate: number | null;
}

export interface PresentOptions {
  /** lgpdHideNumber for a profile-user viewer: the number shows only its last two digits (groups exempt). */
  hideNumber?: boolean;
}

export function maskNumber(number: string): string {
  return number.length <= 2 ? number : '*'.repeat(number.length - 2) + number.slice(-2);
}

/** Whitelist of what leaves the server about a ticket (spec 1 §3 Ticket). */
export function presentTicket(b: TicketBundle, options: PresentOptions = {}): TicketView {
  const t = b.ticket;
  const c = b.contact;
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    channel: t.channel,
    queueId: t.queueId,
    queue: b.queue ? { id: b.queue.id, name: b.queue.name, color: b.queue.color } : null,
    contactId: t.contactId,
    contact: {
      id: c.id,
      name: c.name,
      number: options.hideNumber && !c.isGroup ? maskNumber(c.number) : c.number,
      email: c.email,
      urlPicture: c.urlPicture,
      disableBot: c.disableBot,
      active: c.active,
      acceptAudioMessage: c.acceptAudioMessage,
      isGroup: c.isGroup,
    },
    whatsappId: t.connectionId,
    whatsapp: b.connection
      ? { id: b.connection.id, name: b.connection.name, channel: b.connection.channel, groupAsTicket: b.connection.groupAsTicket }
      : null,
    userId: t.userId,
    user: b.user ? { id: b.user.id, name: b.user.name } : null,
    lastMessage: t.lastMessage,
    lastMessageMedia: lastMessageMediaOf(t),
    unreadMessages: t.unreadMessages,
    isBot: t.isBot,
    isGroup: t.isGroup,
    useIntegration: t.useIntegration,
    amount: t.amount,
    tags: b.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color })),
    userRating: b.rate === null ? null : { rate: b.rate },
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
