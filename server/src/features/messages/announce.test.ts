import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, messages, settings, tags, ticketTags, tickets, userRatings } from '../../db/schema';
import { rooms } from '../../realtime/emit';
import { useTestApp } from '../../test/harness';
import { contactView, eventViewer } from '../contacts';
import { loadTicketView } from '../tickets';
import { customerNumber, customerOf, simulatorConnection } from '../../test/simulator';
import { loadAnnouncement } from './announcement-view';
import { presentOne } from './presenter';

const t = useTestApp();

const eventsOf = (companyId: number, kind: string, since: number) =>
  t.sent.slice(since).filter((e) => e.event === `company-${companyId}-${kind}`);

test('inbound events carry the views the tickets, messages and contacts features present, masked while LGPD hides numbers', async () => {
  const db = t.database.db;
  const admin = await t.factory.admin();
  const companyId = admin.companyId;
  const queue = await t.factory.queue(companyId);
  const conn = await simulatorConnection(t, admin, { queueIds: [queue.id] });
  const agent = await t.factory.user({ companyId });
  await db
    .update(settings)
    .set({ value: 'enabled' })
    .where(and(eq(settings.companyId, companyId), eq(settings.key, 'lgpdHideNumber')));
  const customer = customerOf(t, conn);
  const from = customerNumber();

  // A new number: the contact is announced to the company as the contacts feature shows it.
  let mark = t.sent.length;
  const first = (await customer.send({ from, name: 'Ana', body: 'primeira' })).json();
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, from)));
  const contactEvents = eventsOf(companyId, 'contact', mark);
  expect(contactEvents).toHaveLength(1);
  expect(contactEvents[0].payload).toEqual({ action: 'create', contact: await contactView(db, contact, await eventViewer(db, companyId)) });
  expect(contactEvents[0].payload).toMatchObject({
    contact: { number: `${'*'.repeat(from.length - 2)}${from.slice(-2)}`, whatsapp: { id: conn.id } },
  });

  // The ticket gets an agent, a tag and a rating; the next message shows all of them.
  await db.update(tickets).set({ userId: agent.id, status: 'open' }).where(eq(tickets.id, first.ticketId));
  const [tag] = await db.insert(tags).values({ companyId, name: 'VIP', color: '#aa0000' }).returning();
  await db.insert(ticketTags).values({ ticketId: first.ticketId, tagId: tag.id });
  await db.insert(userRatings).values({ companyId, ticketId: first.ticketId, userId: agent.id, rate: 4 });
  // What the first message set off (the queue's greeting and its delivery acks) is done before the mark.
  await t.jobs.drain();
  mark = t.sent.length;
  const second = (await customer.send({ from, name: 'Ana', body: 'segunda' })).json();
  expect(second.ticketId).toBe(first.ticketId);

  const ticket = await loadTicketView(db, companyId, first.ticketId);
  expect(ticket).toMatchObject({
    user: { id: agent.id },
    tags: [{ id: tag.id, name: 'VIP' }],
    userRating: { rate: 4 },
    unreadMessages: 2,
    lastMessage: 'segunda',
  });
  expect(ticket?.contact.number).not.toBe(from);
  const [row] = await db.select().from(messages).where(eq(messages.id, second.messageId));
  const message = await presentOne(
    db,
    { id: ticket!.id, uuid: ticket!.uuid, queueId: ticket!.queueId, userId: ticket!.userId, connectionId: conn.id, companyId },
    row,
  );

  // A message on an existing ticket: its ticket view rides on the message, with no ticket event beside it.
  expect(eventsOf(companyId, 'ticket', mark)).toEqual([]);
  const [messageEvent] = eventsOf(companyId, 'appMessage', mark);
  expect(messageEvent.room).toEqual([rooms.admins, rooms.user(agent.id), rooms.queue(queue.id), rooms.chatBox(ticket!.uuid)]);
  expect(messageEvent.payload).toEqual({ action: 'create', message, ticket });
  expect(eventsOf(companyId, 'contact', mark)).toEqual([]); // a known contact that did not change
});

test('announcement reads asked for together (more than one execution holds) each get their own message, only in its company', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const other = await t.factory.admin();
  const ids: number[] = [];
  for (let i = 0; i < 19; i++)
    ids.push((await customerOf(t, conn).send({ from: customerNumber(), body: `mensagem ${i}` })).json().messageId);
  const views = await Promise.all(ids.map((id) => loadAnnouncement(t.database.db, admin.companyId, id)));
  expect(views.map((v) => v?.message.body)).toEqual(ids.map((_, i) => `mensagem ${i}`));
  // Another company's id for a message reads nothing, even read alongside the right ones.
  const mixed = await Promise.all([
    ...ids.slice(0, 3).map((id) => loadAnnouncement(t.database.db, admin.companyId, id)),
    loadAnnouncement(t.database.db, other.companyId, ids[3]),
  ]);
  expect(mixed.map((v) => v?.message.id ?? null)).toEqual([ids[0], ids[1], ids[2], null]);
});
