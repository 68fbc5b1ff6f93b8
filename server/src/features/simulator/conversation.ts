import type { SimulatorConversation, SimulatorMessageView } from '@chatflow/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ConnectionRow, contacts, type MessageRow, messages, type SimulatorOutboxRow, simulatorOutbox } from '../../db/schema';

/** The newest messages shown; the phone view is a demo and test surface, not an archive. */
const LIMIT = 200;

const TYPE_OF_KIND: Record<string, string> = {
  conversation: 'text',
  extendedTextMessage: 'text',
  chat: 'text',
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  application: 'document',
  document: 'document',
  locationMessage: 'location',
  contactMessage: 'contact',
};

function sentByCustomer(m: MessageRow): SimulatorMessageView {
  return {
    id: m.externalId ?? String(m.id),
    fromCustomer: true,
    type: TYPE_OF_KIND[m.mediaType] ?? m.mediaType,
    body: m.body,
    mediaUrl: m.mediaUrl,
    mediaName: m.mediaName,
    ack: m.ack,
    isEdited: m.isEdited,
    isDeleted: m.isDeleted,
    createdAt: m.createdAt.toISOString(),
  };
}

function receivedByCustomer(o: SimulatorOutboxRow): SimulatorMessageView {
  const payload = (o.payload ?? {}) as { fileName?: string };
  return {
    id: o.externalId,
    fromCustomer: false,
    type: o.type,
    body: o.body,
    mediaUrl: o.mediaUrl,
    mediaName: payload.fileName ?? null,
    ack: o.ack,
    isEdited: o.isEdited,
    isDeleted: o.isDeleted,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * The conversation as the customer's phone shows it: what they sent (the product's inbound messages
 * of that number on this connection) and what they received (the simulator's outbox) with its acks,
 * oldest first, the newest LIMIT of them.
 */
export async function customerConversation(db: Db, connection: ConnectionRow, number: string): Promise<SimulatorConversation> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, connection.companyId), eq(contacts.channel, connection.channel), eq(contacts.number, number)));
  const sent = contact
    ? await db
        .select()
        .from(messages)
        .where(and(eq(messages.connectionId, connection.id), eq(messages.contactId, contact.id), eq(messages.fromMe, false)))
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(LIMIT)
    : [];
  const received = await db
    .select()
    .from(simulatorOutbox)
    .where(and(eq(simulatorOutbox.connectionId, connection.id), eq(simulatorOutbox.number, number)))
    .orderBy(desc(simulatorOutbox.id))
    .limit(LIMIT);
  const all = [...sent.map(sentByCustomer), ...received.map(receivedByCustomer)].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { number, messages: all.slice(-LIMIT) };
}
