import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, messages, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../../test/simulator';
import { applyAck, applyAcks, applyDelete, applyEdit, type InboundDeps, ingestInbound } from '.';

const t = useTestApp();
const deps = (): InboundDeps => ({ db: t.database.db, config: t.config, realtime: t.app.realtime, log: t.app.log });

async function received(body = 'oi') {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const res = (await customerOf(t, conn).send({ from: customerNumber(), body })).json();
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, res.messageId));
  return { admin, conn, row };
}

/** A reply in the ticket of `received`, stored but not sent yet (ack 0, no external id). */
async function unsentReply(received: typeof messages.$inferSelect, body: string) {
  const { companyId, ticketId, contactId, connectionId } = received;
  const [row] = await t.database.db
    .insert(messages)
    .values({ companyId, ticketId, contactId, connectionId, body, fromMe: true, ack: 0 })
    .returning();
  return row;
}

const lastAppMessage = (companyId: number) => t.sent.filter((e) => e.event === `company-${companyId}-appMessage`).at(-1)?.payload;

test('acks only move forward and each change is announced as an appMessage update', async () => {
  const { admin, conn, row } = await received();
  const externalId = row.externalId!;
  expect(await applyAck(deps(), { connectionId: conn.id, externalId, ack: 3 })).toBe(true);
  expect(lastAppMessage(admin.companyId)).toMatchObject({ action: 'update', message: { id: row.id, ack: 3 } });
  const events = t.sent.length;
  expect(await applyAck(deps(), { connectionId: conn.id, externalId, ack: 2 })).toBe(true);
  expect(t.sent.length).toBe(events); // nothing changed, nothing said
  const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, row.id));
  expect(stored.ack).toBe(3);
  expect(await applyAck(deps(), { connectionId: conn.id, externalId: 'UNKNOWN', ack: 2 })).toBe(false);
});

test('an edit from the sender replaces the body and marks it edited', async () => {
  const { admin, conn, row } = await received('antes');
  await applyEdit(deps(), { connectionId: conn.id, externalId: row.externalId!, body: 'depois' });
  const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, row.id));
  expect(stored).toMatchObject({ body: 'depois', isEdited: true });
  expect(lastAppMessage(admin.companyId)).toMatchObject({ action: 'update', message: { id: row.id, body: 'depois', isEdited: true } });
});

test('a delete from the sender marks the message deleted and keeps its body for the records', async () => {
  const { admin, conn, row } = await received('segredo');
  await applyDelete(deps(), { connectionId: conn.id, externalId: row.externalId! });
  const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, row.id));
  expect(stored).toMatchObject({ body: 'segredo', isDeleted: true });
  const [update, deleted] = t.sent.filter((e) => e.event === `company-${admin.companyId}-appMessage`).slice(-2);
  expect(update.payload).toMatchObject({ action: 'update', message: { id: row.id, isDeleted: true } });
  expect(deleted.payload).toEqual({ action: 'delete', messageId: row.id, ticketId: row.ticketId });
});

test('group messages: ignored unless the connection allows groups; a group ticket unless groupAsTicket', async () => {
  const admin = await t.factory.admin();
  const closed = await simulatorConnection(t, admin);
  const groups = await simulatorConnection(t, admin, { allowGroup: true });
  const asTicket = await simulatorConnection(t, admin, { allowGroup: true, groupAsTicket: 'enabled' });
  const group = (connectionId: number, externalId: string) =>
    ingestInbound(deps(), {
      connectionId,
      externalId,
      from: '120363025246125486',
      name: 'Família',
      isGroup: true,
      participant: '5511999990000',
      mediaType: 'conversation',
      body: 'oi grupo',
    });
  expect(await group(closed.id, 'g1')).toEqual({ status: 'ignored' });
  expect(await t.database.db.select().from(messages).where(eq(messages.connectionId, closed.id))).toEqual([]);

  const stored = await group(groups.id, 'g2');
  if (stored.status !== 'stored') throw new Error('not stored');
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, stored.ticketId));
  expect(ticket).toMatchObject({ status: 'group', isGroup: true });
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, stored.contactId));
  expect(contact).toMatchObject({ isGroup: true, name: 'Família', number: '120363025246125486' });
  const [message] = await t.database.db.select().from(messages).where(eq(messages.id, stored.messageId));
  expect(message.participant).toBe('5511999990000');

  const asPending = await group(asTicket.id, 'g3');
  if (asPending.status !== 'stored') throw new Error('not stored');
  const [pending] = await t.database.db.select().from(tickets).where(eq(tickets.id, asPending.ticketId));
  expect(pending).toMatchObject({ status: 'pending', isGroup: true });
});

test('a message the company sent from the phone itself is stored as fromMe and is not unread', async () => {
  const { admin, conn, row } = await received('cliente');
  const result = await ingestInbound(deps(), {
    connectionId: conn.id,
    externalId: 'PHONE-1',
    from: (await t.database.db.select().from(contacts).where(eq(contacts.id, row.contactId!)))[0].number,
    name: '',
    mediaType: 'conversation',
    body: 'do celular',
    fromMe: true,
    ack: 2,
  });
  if (result.status !== 'stored') throw new Error('not stored');
  expect(result.ticketId).toBe(row.ticketId);
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  expect(ticket).toMatchObject({ unreadMessages: 1, lastMessage: 'do celular', companyId: admin.companyId });
  const [phone] = await t.database.db.select().from(messages).where(eq(messages.id, result.messageId));
  expect(phone).toMatchObject({ fromMe: true, read: true, ack: 2 });
});

test('a message for a connection that no longer exists is ignored', async () => {
  expect(
    await ingestInbound(deps(), {
      connectionId: 99_999_999,
      externalId: 'x',
      from: '5511999999999',
      name: '',
      mediaType: 'conversation',
      body: 'x',
    }),
  ).toEqual({ status: 'ignored' });
});

test('a blocked contact writes into the void: nothing is stored and its ticket does not move', async () => {
  const { conn, row } = await received('antes do bloqueio');
  await t.database.db.update(contacts).set({ active: false }).where(eq(contacts.id, row.contactId!));
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, row.contactId!));
  const result = await ingestInbound(deps(), {
    connectionId: conn.id,
    externalId: 'BLOCKED-1',
    from: contact.number,
    name: '',
    mediaType: 'conversation',
    body: 'me ouve?',
  });
  expect(result).toEqual({ status: 'ignored' });
  expect(await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id))).toHaveLength(1);
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  expect(ticket).toMatchObject({ unreadMessages: 1, lastMessage: 'antes do bloqueio' });
});

test('an ack that beats the send job finds its message through the send key, and only on its connection', async () => {
  const { conn, row } = await received('cliente');
  const outbound = await unsentReply(row, 'resposta');
  const other = await simulatorConnection(t, await t.factory.admin());
  expect(await applyAck(deps(), { connectionId: other.id, externalId: 'EARLY-0', ack: 2, idempotencyKey: `msg-${outbound.id}` })).toBe(
    false,
  );
  expect(await applyAck(deps(), { connectionId: conn.id, externalId: 'EARLY-1', ack: 3, idempotencyKey: `msg-${outbound.id}` })).toBe(true);
  expect(await applyAck(deps(), { connectionId: conn.id, externalId: 'EARLY-1', ack: 2, idempotencyKey: `msg-${outbound.id}` })).toBe(true);
  const [stored] = await t.database.db.select().from(messages).where(eq(messages.id, outbound.id));
  expect(stored).toMatchObject({ externalId: 'EARLY-1', ack: 3 });
});

test('acks reported together: each message moves to its furthest ack once, announced; unknown, behind and early ones as alone', async () => {
  const { admin, conn, row } = await received('um');
  const second = (await customerOf(t, conn).send({ from: customerNumber(), body: 'dois' })).json();
  const [other] = await t.database.db.select().from(messages).where(eq(messages.id, second.messageId));
  const early = await unsentReply(row, 'r');
  await applyAck(deps(), { connectionId: conn.id, externalId: other.externalId!, ack: 3 });
  const before = t.sent.length;

  const known = await applyAcks(deps(), [
    { connectionId: conn.id, externalId: row.externalId!, ack: 2 },
    { connectionId: conn.id, externalId: row.externalId!, ack: 3 },
    { connectionId: conn.id, externalId: other.externalId!, ack: 2 }, // already read: nothing moves
    { connectionId: conn.id, externalId: 'NOPE', ack: 2 },
    { connectionId: conn.id, externalId: 'EARLY-2', ack: 2, idempotencyKey: `msg-${early.id}` },
  ]);
  expect(known).toEqual([true, true, true, false, true]);
  const stored = await t.database.db.select().from(messages).where(eq(messages.connectionId, conn.id));
  const ackOf = (id: number) => stored.find((m) => m.id === id);
  expect(ackOf(row.id)?.ack).toBe(3);
  expect(ackOf(other.id)?.ack).toBe(3);
  expect(ackOf(early.id)).toMatchObject({ externalId: 'EARLY-2', ack: 2 });
  const updates = t.sent.slice(before).filter((e) => e.event === `company-${admin.companyId}-appMessage`);
  expect(updates.map((e) => (e.payload as { message: { id: number; ack: number } }).message).sort((a, b) => a.id - b.id)).toMatchObject([
    { id: row.id, ack: 3 },
    { id: early.id, ack: 2 },
  ]);
});
