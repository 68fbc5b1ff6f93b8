import type { MessageView } from '@chatflow/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ContactRow, contacts, type MessageRow, messages, type TicketRow } from '../../db/schema';

type ContactRef = Pick<ContactRow, 'id' | 'name' | 'urlPicture'>;
type QuotedRef = Pick<MessageRow, 'id' | 'body' | 'fromMe' | 'mediaType' | 'mediaUrl' | 'isDeleted'> & {
  contact: Pick<ContactRow, 'name'> | null;
};
type TicketRef = Pick<TicketRow, 'id' | 'uuid' | 'queueId' | 'userId' | 'connectionId'>;

export interface MessageRelations {
  contact: ContactRef | null;
  quoted: QuotedRef | null;
  ticket: TicketRef;
}

/** Whitelists what leaves the server about a message (spec 1 §3 Message). */
export function presentMessage(row: MessageRow, { contact, quoted, ticket }: MessageRelations): MessageView {
  return {
    id: row.id,
    ticketId: row.ticketId,
    companyId: row.companyId,
    body: row.body,
    fromMe: row.fromMe,
    read: row.read,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    mediaName: row.mediaName,
    ack: row.ack,
    isPrivate: row.isPrivate,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    sendError: row.sendError,
    queueId: row.queueId,
    userId: row.userId,
    participant: row.participant,
    dataJson: row.dataJson ?? null,
    contact: contact ? { id: contact.id, name: contact.name, urlPicture: contact.urlPicture } : null,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          // A quote of a deleted message must not reveal what was deleted.
          body: quoted.isDeleted ? '' : quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          mediaUrl: quoted.isDeleted ? null : quoted.mediaUrl,
          contact: quoted.contact ? { name: quoted.contact.name } : null,
        }
      : null,
    ticket: { id: ticket.id, uuid: ticket.uuid, queueId: ticket.queueId, userId: ticket.userId, whatsappId: ticket.connectionId },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Presents messages of one ticket with two extra queries in all (their contacts, their quoted
 * messages), whatever the page size. Quotes are looked up in the same company only.
 */
export async function presentMessages(db: DbOrTx, ticket: TicketRef & { companyId: number }, rows: MessageRow[]): Promise<MessageView[]> {
  if (rows.length === 0) return [];
  const quotedIds = [...new Set(rows.map((r) => r.quotedMsgId).filter((id): id is number => id !== null))];
  const quotedRows = quotedIds.length
    ? await db
        .select({
          id: messages.id,
          body: messages.body,
          fromMe: messages.fromMe,
          mediaType: messages.mediaType,
          mediaUrl: messages.mediaUrl,
          isDeleted: messages.isDeleted,
          contactId: messages.contactId,
        })
        .from(messages)
        .where(and(eq(messages.companyId, ticket.companyId), inArray(messages.id, quotedIds)))
    : [];
  const contactIds = [...new Set([...rows, ...quotedRows].map((r) => r.contactId).filter((id): id is number => id !== null))];
  const contactRows = contactIds.length
    ? await db
        .select({ id: contacts.id, name: contacts.name, urlPicture: contacts.urlPicture })
        .from(contacts)
        .where(and(eq(contacts.companyId, ticket.companyId), inArray(contacts.id, contactIds)))
    : [];
  const contactById = new Map(contactRows.map((c) => [c.id, c]));
  const quotedById = new Map(quotedRows.map((q) => [q.id, { ...q, contact: q.contactId ? (contactById.get(q.contactId) ?? null) : null }]));
  return rows.map((row) =>
    presentMessage(row, {
      contact: row.contactId ? (contactById.get(row.contactId) ?? null) : null,
      quoted: row.quotedMsgId ? (quotedById.get(row.quotedMsgId) ?? null) : null,
      ticket,
    }),
  );
}

/** One message with its relations (after a create, edit or delete). */
export async function presentOne(db: DbOrTx, ticket: TicketRef & { companyId: number }, row: MessageRow): Promise<MessageView> {
  const [view] = await presentMessages(db, ticket, [row]);
  return view;
}
