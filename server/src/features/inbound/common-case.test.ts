import { and, count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { contacts, messages, ticketLogs, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../../test/simulator';

// The two cases the pipeline writes in one statement each (a known contact into its open ticket, a
// new number's first message) must keep every rule of the full pipeline, under concurrency too.
const t = useTestApp();

test('twenty messages at once from a known contact all land in its open ticket and all count as unread', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const first = (await customer.send({ from, name: 'Bia', body: 'oi' })).json();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => customer.send({ from, name: 'Bia', body: `m${i}`, id: `known-${i}` })),
  );
  for (const res of answers) expect(res.json()).toMatchObject({ ticketId: first.ticketId, messageId: expect.any(Number) });

  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, first.ticketId));
  expect(ticket.unreadMessages).toBe(21);
  expect(ticket.lastMessage).toMatch(/^m\d+$/);
  const [stored] = await t.database.db.select({ n: count() }).from(messages).where(eq(messages.ticketId, first.ticketId));
  expect(Number(stored.n)).toBe(21);
  const events = t.sent.filter(
    (e) => e.event === `company-${admin.companyId}-appMessage` && (e.payload as { ticket: { id: number } }).ticket.id === first.ticketId,
  );
  expect(events).toHaveLength(21);
  // Each announcement shows the ticket at least as far as its own message.
  const unread = events.map((e) => (e.payload as { ticket: { unreadMessages: number } }).ticket.unreadMessages);
  expect(Math.max(...unread)).toBe(21);
});

test('messages of several contacts at once, one of them delivered twice, each land once in their own ticket', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const people = [customerNumber(), customerNumber(), customerNumber()];
  const tickets0 = await Promise.all(
    people.map(async (from) => (await customer.send({ from, name: 'Cliente', body: 'oi' })).json().ticketId),
  );
  const sends = [
    ...people.flatMap((from, i) => [0, 1, 2].map((k) => ({ from, name: 'Cliente', body: `c${i}-${k}`, id: `many-${i}-${k}` }))),
    { from: people[1], name: 'Cliente', body: 'c1-1', id: 'many-1-1' },
  ];
  const answers = (await Promise.all(sends.map((m) => customer.send(m)))).map((res) => res.json());
  expect(answers.filter((a) => a.duplicate)).toEqual([{ id: 'many-1-1', duplicate: true }]);

  for (const [i, ticketId] of tickets0.entries()) {
    const rows = await t.database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
    expect(rows.map((m) => m.body).sort()).toEqual(['oi', `c${i}-0`, `c${i}-1`, `c${i}-2`].sort());
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    // The ticket moved once per message: four unread, the newest stored message as its preview.
    expect(ticket).toMatchObject({ unreadMessages: 4, lastMessage: rows.at(-1)!.body });
  }
});

test('an id already stored, sent again from a new number, is a duplicate and leaves no contact or ticket behind', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  expect((await customer.send({ from: customerNumber(), body: 'original', id: 'REUSED-1' })).json()).toMatchObject({
    messageId: expect.any(Number),
  });
  const stranger = customerNumber();
  expect((await customer.send({ from: stranger, body: 'cópia', id: 'REUSED-1' })).json()).toEqual({ id: 'REUSED-1', duplicate: true });
  expect(
    await t.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, admin.companyId), eq(contacts.number, stranger))),
  ).toEqual([]);
  const [n] = await t.database.db.select({ n: count() }).from(tickets).where(eq(tickets.connectionId, conn.id));
  expect(Number(n.n)).toBe(1);
});

test('a first message writes the contact, a pending ticket with its create log, and the message, with the push name', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const from = customerNumber();
  const res = (await customerOf(t, conn).send({ from, name: '  Carla  ', body: 'primeira vez' })).json();
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, res.ticketId));
  expect(ticket).toMatchObject({
    status: 'pending',
    queueId: null,
    unreadMessages: 1,
    lastMessage: 'primeira vez',
    isGroup: false,
    channel: 'whatsapp',
    userId: null,
  });
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, ticket.contactId));
  expect(contact).toMatchObject({
    number: from,
    name: 'Carla',
    connectionId: conn.id,
    active: true,
    isGroup: false,
    companyId: admin.companyId,
  });
  const [message] = await t.database.db.select().from(messages).where(eq(messages.id, res.messageId));
  expect(message).toMatchObject({
    contactId: contact.id,
    ticketId: ticket.id,
    fromMe: false,
    read: false,
    ack: 1,
    mediaType: 'conversation',
    body: 'primeira vez',
  });
  expect(await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id))).toMatchObject([
    { type: 'create', queueId: null },
  ]);
});

// Needs two connections at once: PGlite has one, so this runs on PostgreSQL only.
test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a ticket closed while a message waits for its lock gets no message: a new ticket opens',
  async () => {
    const admin = await t.factory.admin();
    const conn = await simulatorConnection(t, admin);
    const customer = customerOf(t, conn);
    const from = customerNumber();
    const first = (await customer.send({ from, body: 'antes' })).json();

    // An agent's transaction holds the ticket (as resolving it would) while the next message arrives.
    const agent = await t.database.pool!.connect();
    try {
      await agent.query('begin');
      await agent.query('select id from tickets where id = $1 for update', [first.ticketId]);
      const pending = customer.send({ from, body: 'durante' });
      // Wait until the message's statement is queued behind the lock (a condition, not a delay).
      for (;;) {
        const { rows } = await t.database.pool!.query(`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await agent.query(`update tickets set status = 'closed' where id = $1`, [first.ticketId]);
      await agent.query('commit');
      const second = (await pending).json();

      expect(second.ticketId).not.toBe(first.ticketId);
      const [closed] = await t.database.db.select().from(tickets).where(eq(tickets.id, first.ticketId));
      expect(closed).toMatchObject({ status: 'closed', unreadMessages: 1, lastMessage: 'antes' });
      const [opened] = await t.database.db.select().from(tickets).where(eq(tickets.id, second.ticketId));
      expect(opened).toMatchObject({ status: 'pending', unreadMessages: 1, lastMessage: 'durante', contactId: closed.contactId });
      const [message] = await t.database.db.select().from(messages).where(eq(messages.id, second.messageId));
      expect(message.ticketId).toBe(second.ticketId);
    } finally {
      agent.release();
    }
  },
);

// Needs two connections at once: PGlite has one, so this runs on PostgreSQL only.
test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'an id whose original is being stored at that moment, sent from a new number, is a duplicate and leaves nothing behind',
  async () => {
    const admin = await t.factory.admin();
    const conn = await simulatorConnection(t, admin);
    const customer = customerOf(t, conn);
    const first = (await customer.send({ from: customerNumber(), body: 'antes' })).json();
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, first.ticketId));

    // The original, stored by another transaction that has not committed yet.
    const other = await t.database.pool!.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into messages (company_id, ticket_id, contact_id, connection_id, external_id, body)
      values ($1, $2, $3, $4, 'IN-FLIGHT-1', 'original')`,
        [admin.companyId, ticket.id, ticket.contactId, conn.id],
      );
      const stranger = customerNumber();
      const pending = customer.send({ from: stranger, body: 'cópia', id: 'IN-FLIGHT-1' });
      // Wait until the copy's insert is queued behind the original's (a condition, not a delay).
      for (;;) {
        const { rows } = await t.database.pool!.query(`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await other.query('commit');
      expect((await pending).json()).toEqual({ id: 'IN-FLIGHT-1', duplicate: true });
      expect(
        await t.database.db
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, admin.companyId), eq(contacts.number, stranger))),
      ).toEqual([]);
      const [n] = await t.database.db.select({ n: count() }).from(tickets).where(eq(tickets.connectionId, conn.id));
      expect(Number(n.n)).toBe(1);
    } finally {
      other.release();
    }
  },
);
