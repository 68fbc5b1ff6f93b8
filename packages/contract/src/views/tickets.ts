import { z } from 'zod';
import { CHANNELS } from '../channels';
import { TICKET_LOG_TYPES, TICKET_STATUSES } from '../tickets';
import { NamedRef, TagRef } from './refs';

const id = z.number();
const nullableId = z.number().nullable();

/**
 * What the ticket's newest message is when it is not plain text, so a list shows "📷 Foto", "🎤 0:05" or
 * "📄 nome.pdf" instead of a file name: its kind, the sender's file name (documents) and an audio's
 * length in seconds when known. `lastMessage` then holds only its caption (or a place's description, a
 * card's name).
 */
export const LastMessageMedia = z.object({
  type: z.enum(['image', 'audio', 'video', 'document', 'sticker', 'location', 'contact']),
  name: z.string().nullable(),
  seconds: z.number().nullable(),
});
export type LastMessageMedia = z.infer<typeof LastMessageMedia>;

/** A ticket as lists, the conversation header and realtime events carry it (spec 1 §3 Ticket). */
export const TicketView = z.object({
  id,
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  channel: z.enum(CHANNELS),
  queueId: nullableId,
  queue: z.object({ id, name: z.string(), color: z.string() }).nullable(),
  contactId: id,
  contact: z.object({
    id,
    name: z.string(),
    number: z.string(),
    email: z.string(),
    urlPicture: z.string(),
    disableBot: z.boolean(),
    active: z.boolean(),
    acceptAudioMessage: z.boolean(),
    isGroup: z.boolean(),
  }),
  whatsappId: nullableId,
  whatsapp: z.object({ id, name: z.string(), channel: z.enum(CHANNELS), groupAsTicket: z.enum(['enabled', 'disabled']) }).nullable(),
  userId: nullableId,
  user: NamedRef.nullable(),
  lastMessage: z.string(),
  /** Null when the newest message is text. */
  lastMessageMedia: LastMessageMedia.nullable(),
  unreadMessages: z.number(),
  isBot: z.boolean(),
  isGroup: z.boolean(),
  useIntegration: z.boolean(),
  amount: z.string().nullable(),
  tags: z.array(TagRef),
  userRating: z.object({ rate: z.number() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketView = z.infer<typeof TicketView>;

/**
 * GET /tickets/u/{uuid}: the ticket plus `observations`, the spec's name for the ticket's notes as text
 * (every note, oldest first, one per paragraph; null without notes). Lists do not carry it.
 */
export const TicketDetailView = TicketView.extend({ observations: z.string().nullable() });
export type TicketDetailView = z.infer<typeof TicketDetailView>;

export const TicketPage = z.object({ tickets: z.array(TicketView), count: z.number(), hasMore: z.boolean() });
export type TicketPage = z.infer<typeof TicketPage>;

/** GET /contacts/{id}/tickets (our addition): the contact's tickets the caller may see, newest first (the contact drawer). */
export const ContactTicketPage = z.object({ tickets: z.array(TicketView), hasMore: z.boolean() });
export type ContactTicketPage = z.infer<typeof ContactTicketPage>;

/** GET /tickets/counts (our addition): the badge of each tab in one call. */
export const TicketCounts = z.object({ open: z.number(), pending: z.number(), group: z.number() });
export type TicketCounts = z.infer<typeof TicketCounts>;

/** The body of a 409 ERR_OTHER_OPEN_TICKET: the ticket that is already active for the contact. */
export const OtherOpenTicket = z.object({
  id,
  uuid: z.string(),
  userId: nullableId,
  status: z.enum(TICKET_STATUSES),
  user: z.object({ name: z.string() }).nullable(),
  queue: z.object({ name: z.string() }).nullable(),
});
export type OtherOpenTicket = z.infer<typeof OtherOpenTicket>;

export const TicketLogView = z.object({
  id,
  type: z.enum(TICKET_LOG_TYPES),
  user: NamedRef.nullable(),
  queue: NamedRef.nullable(),
  createdAt: z.string(),
});
export type TicketLogView = z.infer<typeof TicketLogView>;

export const TicketNoteView = z.object({
  id,
  note: z.string(),
  ticketId: id,
  contactId: id,
  userId: nullableId,
  user: NamedRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketNoteView = z.infer<typeof TicketNoteView>;

/** POST /tickets/{id}/read (our addition). */
export const TicketReadResult = z.object({ ticketId: id, unreadMessages: z.number() });

/** POST /tickets/closeAll: tickets closed in this call, and whether more remain (the admin repeats). */
export const TicketCloseAllResult = z.object({ count: z.number(), hasMore: z.boolean() });
