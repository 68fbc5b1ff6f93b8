import { and, asc, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import {
  campaignShipping,
  campaigns,
  connections,
  contactListItems,
  contacts,
  messages,
  simulatorOutbox,
  ticketLogs,
  tickets,
} from '../../db/schema';
import { transactionRunner } from '../../http/context';
import { useTestApp } from '../../test/harness';
import { recordingRealtime } from '../../test/recording-realtime';
import { customerOf } from '../../test/simulator';
import { claimRows } from './dispatch/claim';
import { prepareShipping } from './dispatch/prepare';
import { recordInTicket, recordInTickets } from './dispatch/record';
import { DISPATCH_BATCH } from './dispatch/plan';
import { shippingKey } from './dispatch/send';
import { dispatchStepJob } from './dispatch/step';
import { campaignSetup, type CampaignSetup, createCampaign, MONDAY_10AM, NO_PAUSES } from './testing';

const t = useTestApp();
afterEach(() => t.clock.reset());

/** The company's contact with that number, its tickets on the campaign's connection and each ticket's messages. */
async function historyOf(s: CampaignSetup, number: string) {
  const db = t.database.db;
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, s.admin.companyId), eq(contacts.number, number)));
  if (!contact) return { contact, tickets: [], messages: [] };
  const rows = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.contactId, contact.id), eq(tickets.connectionId, s.connectionId)))
    .orderBy(asc(tickets.id));
  const sent = await db.select().from(messages).where(eq(messages.contactId, contact.id)).orderBy(asc(messages.id));
  return { contact, tickets: rows, messages: sent };
}

const outboxIdOf = async (connectionId: number, key: string) =>
  (
    await t.database.db
      .select({ externalId: simulatorOutbox.externalId })
      .from(simulatorOutbox)
      .where(and(eq(simulatorOutbox.connectionId, connectionId), eq(simulatorOutbox.idempotencyKey, key)))
  )[0]?.externalId;

describe('campaign sends in the contact’s ticket', () => {
  test('openTicket enabled: a ticket open for the chosen user in the queue holds the sent message (fromMe, the provider’s id); events as any send', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 2, NO_PAUSES);
    const agent = await t.factory.user({ companyId: s.admin.companyId });
    const queue = await t.factory.queue(s.admin.companyId);
    await createCampaign(s, {
      message1: 'Olá {nome}',
      openTicket: 'enabled',
      statusTicket: 'open',
      userId: agent.id,
      queueId: queue.id,
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);

    for (const [i, number] of s.numbers.entries()) {
      const h = await historyOf(s, number);
      expect(h.contact).toMatchObject({ name: `Cliente ${i + 1}`, companyId: s.admin.companyId });
      expect(h.tickets).toHaveLength(1);
      expect(h.tickets[0]).toMatchObject({ status: 'open', userId: agent.id, queueId: queue.id, lastMessage: `Olá Cliente ${i + 1}` });
      expect(h.messages).toHaveLength(1);
      const [message] = h.messages;
      expect(message).toMatchObject({ ticketId: h.tickets[0].id, fromMe: true, body: `Olá Cliente ${i + 1}`, sendError: null });
      expect(message.ack).toBeGreaterThanOrEqual(1);
      expect(message.externalId).toBe(await outboxIdOf(s.connectionId, shippingKey((await shippingIdOf(s, number))!)));

      // The agent's inbox hears of the new ticket and of the message, as with any outbound send.
      const ticketId = h.tickets[0].id;
      const events = t.sent.filter((e) => e.companyId === s.admin.companyId);
      expect(events.some((e) => e.event.endsWith('-ticket') && (e.payload as { ticket?: { id: number } }).ticket?.id === ticketId)).toBe(
        true,
      );
      // The simulator's ack may be announced first (its transaction can commit while this step's
      // announcements still run); the create carries the view read at its turn, so order is not asserted.
      const created = events.filter(
        (e) =>
          e.event.endsWith('-appMessage') &&
          (e.payload as { action: string; message: { id: number } }).message.id === message.id &&
          (e.payload as { action: string }).action === 'create',
      );
      expect(created).toHaveLength(1);
      expect(created[0].room).toEqual(expect.arrayContaining([`user:${agent.id}`]));
      expect(created[0].payload).toMatchObject({ message: { fromMe: true }, ticket: { id: ticketId, status: 'open' } });
    }
    const logs = await t.database.db
      .select({ type: ticketLogs.type })
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, (await historyOf(s, s.numbers[0])).tickets[0].id));
    expect(logs.map((l) => l.type)).toEqual(['create']);
  });

  test('a step of many rows records each contact once, whatever their state: new, named by their number, talking already, with a closed ticket', async () => {
    t.clock.set(MONDAY_10AM);
    // More than one step's batch; the items straight into the list (that many POSTs would only slow the test).
    const setup = await campaignSetup(t, 0, NO_PAUSES);
    const numbers = Array.from(
      { length: DISPATCH_BATCH + 10 },
      (_, i) => `55118${String(setup.admin.companyId).padStart(5, '0')}${String(i + 1).padStart(4, '0')}`,
    );
    await t.database.db
      .insert(contactListItems)
      .values(
        numbers.map((number, i) => ({ companyId: setup.admin.companyId, contactListId: setup.listId, name: `Cliente ${i + 1}`, number })),
      );
    const s = { ...setup, numbers };
    const agent = await t.factory.user({ companyId: s.admin.companyId });
    const queue = await t.factory.queue(s.admin.companyId);
    const customer = customerOf(t, s.connection);
    // 2: a contact still named after their number; 3: named by an agent, pending; 4: their last ticket is closed.
    for (const [i, name] of [
      [1, ''],
      [2, 'Dona Ana'],
      [3, 'Cliente 4'],
    ] as const)
      expect((await customer.send({ from: s.numbers[i], name, type: 'text', body: 'oi' })).statusCode).toBe(200);
    await t.jobs.drain();
    const closedBefore = (await historyOf(s, s.numbers[3])).tickets[0];
    await t.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, closedBefore.id));
    const pendingBefore = (await historyOf(s, s.numbers[2])).tickets[0];

    await createCampaign(s, { openTicket: 'enabled', statusTicket: 'open', userId: agent.id, queueId: queue.id, scheduledAt: MONDAY_10AM });
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);

    for (const [i, number] of s.numbers.entries()) {
      const h = await historyOf(s, number);
      const active = h.tickets.filter((k) => k.status !== 'closed');
      expect(active, number).toMatchObject([{ status: 'open', userId: agent.id, queueId: queue.id }]);
      const sent = h.messages.filter((m) => m.fromMe);
      expect(sent.map((m) => [m.ticketId, m.body])).toEqual([[active[0].id, `Olá Cliente ${i + 1}`]]);
    }
    expect((await historyOf(s, s.numbers[1])).contact.name).toBe('Cliente 2');
    expect((await historyOf(s, s.numbers[2])).contact.name).toBe('Dona Ana'); // a name an agent gave is kept
    expect((await historyOf(s, s.numbers[2])).tickets.map((k) => k.id)).toEqual([pendingBefore.id]);
    const closedAfter = (await historyOf(s, s.numbers[3])).tickets;
    expect(closedAfter.map((k) => [k.id === closedBefore.id, k.status])).toEqual([
      [true, 'closed'],
      [false, 'open'],
    ]);
    const logsOf = async (ticketId: number) =>
      (await t.database.db.select({ type: ticketLogs.type }).from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId))).map((l) => l.type);
    expect(await logsOf(pendingBefore.id)).toContain('open');
    expect(await logsOf(closedAfter[1].id)).toEqual(['create']);
    expect(await logsOf((await historyOf(s, s.numbers[s.numbers.length - 1])).tickets[0].id)).toEqual(['create']);
    expect(
      (
        await s.api.get(
          `/campaigns/${(await t.database.db.select().from(campaigns).where(eq(campaigns.companyId, s.admin.companyId)))[0].id}`,
        )
      ).json(),
    ).toMatchObject({
      status: 'FINALIZADA',
      deliveredCount: s.numbers.length,
    });
  }, 120_000); // every contact's history read one by one on PGlite

  test('recording a step costs the same few statements for 10 rows as for 100', async () => {
    const s = await campaignSetup(t, 0, NO_PAUSES);
    const agent = await t.factory.user({ companyId: s.admin.companyId });
    const queue = await t.factory.queue(s.admin.companyId);
    const c = await createCampaign(s, { openTicket: 'enabled', statusTicket: 'closed', userId: agent.id, queueId: queue.id });
    const db = t.database.db;
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, c.id));
    const [connection] = await db.select().from(connections).where(eq(connections.id, s.connectionId));
    const stamp = String(s.admin.companyId).padStart(5, '0');
    const statementsFor = async (rows: number, offset: number) => {
      const sent = Array.from({ length: rows }, (_, i) => ({
        to: { number: `55117${stamp}${String(offset + i).padStart(3, '0')}`, name: `Pessoa ${offset + i}` },
        parts: [{ externalId: `kill-${s.admin.companyId}-${offset + i}`, body: 'oi', media: false }],
      }));
      let statements = 0;
      await transactionRunner(
        db,
        pino({ level: 'silent' }),
      )((tx) => {
        // Every query builder or raw statement the recording starts on the transaction is one statement.
        const counted = new Proxy(tx, {
          get(target, prop) {
            const value = Reflect.get(target, prop);
            if (typeof value !== 'function') return value;
            if (['select', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute'].includes(String(prop)))
              return (...args: unknown[]) => {
                statements++;
                return value.apply(target, args);
              };
            return value.bind(target);
          },
        });
        return recordInTickets(counted, { db, realtime: recordingRealtime().realtime }, campaign, connection, sent);
      });
      for (const { to } of sent) expect((await historyOf(s, to.number)).messages, to.number).toHaveLength(1);
      return statements;
    };
    const few = await statementsFor(10, 0);
    const many = await statementsFor(100, 100);
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(15);
  });

  test('a user chosen for the ticket without a queue is refused (spec 3 §5), and nothing is stored', async () => {
    const s = await campaignSetup(t, 0);
    const agent = await t.factory.user({ companyId: s.admin.companyId });
    const res = await s.api.post('/campaigns', {
      name: 'Promoção',
      message1: 'oi',
      whatsappId: s.connectionId,
      contactListId: s.listId,
      openTicket: 'enabled',
      userId: agent.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('queueId');
    expect(res.body).toContain('Obrigatório');
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.companyId, s.admin.companyId))).toEqual([]);
  });

  test('statusTicket pending leaves the new ticket waiting in the queue; closed records the message and closes it', async () => {
    t.clock.set(MONDAY_10AM);
    const pending = await campaignSetup(t, 1, NO_PAUSES);
    const queue = await t.factory.queue(pending.admin.companyId);
    const agent = await t.factory.user({ companyId: pending.admin.companyId });
    await createCampaign(pending, {
      openTicket: 'enabled',
      statusTicket: 'pending',
      userId: agent.id,
      queueId: queue.id,
      scheduledAt: MONDAY_10AM,
    });
    const closed = await campaignSetup(t, 1, NO_PAUSES);
    await createCampaign(closed, { openTicket: 'enabled', statusTicket: 'closed', scheduledAt: MONDAY_10AM });
    await t.jobs.drain();

    const waiting = await historyOf(pending, pending.numbers[0]);
    expect(waiting.tickets).toMatchObject([{ status: 'pending', queueId: queue.id }]);
    expect(waiting.messages).toHaveLength(1);
    const done = await historyOf(closed, closed.numbers[0]);
    expect(done.tickets).toMatchObject([{ status: 'closed' }]);
    expect(done.messages).toMatchObject([{ ticketId: done.tickets[0].id, fromMe: true, body: 'Olá Cliente 1' }]);
    const logs = await t.database.db.select({ type: ticketLogs.type }).from(ticketLogs).where(eq(ticketLogs.ticketId, done.tickets[0].id));
    expect(logs.map((l) => l.type)).toEqual(['create', 'closed']);
  });

  test('openTicket disabled (as schedules): a new closed ticket keeps the message; an active ticket gets it and keeps its status and agent', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 2, NO_PAUSES);
    // The second contact is talking to the company already: their ticket is pending.
    const customer = customerOf(t, s.connection);
    expect((await customer.send({ from: s.numbers[1], name: 'Cliente 2', type: 'text', body: 'oi' })).statusCode).toBe(200);
    await t.jobs.drain();
    const before = (await historyOf(s, s.numbers[1])).tickets;
    expect(before).toMatchObject([{ status: 'pending' }]);

    await createCampaign(s, { scheduledAt: MONDAY_10AM });
    await t.jobs.drain();

    const quiet = await historyOf(s, s.numbers[0]);
    expect(quiet.tickets).toMatchObject([{ status: 'closed', userId: null }]);
    expect(quiet.messages).toMatchObject([{ ticketId: quiet.tickets[0].id, fromMe: true, body: 'Olá Cliente 1' }]);
    const talking = await historyOf(s, s.numbers[1]);
    expect(talking.tickets).toMatchObject([{ id: before[0].id, status: 'pending', userId: null }]);
    expect(talking.messages.map((m) => [m.fromMe, m.body])).toEqual([
      [false, 'oi'],
      [true, 'Olá Cliente 2'],
    ]);
  });

  test('a re-send after a crash (the provider had the message, the row was still claimed) is one message in the ticket', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 3, NO_PAUSES);
    const c = await createCampaign(s, {
      openTicket: 'enabled',
      statusTicket: 'open',
      scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    await t.jobs.drain();
    const db = t.database.db;
    // The state a worker killed after the provider's answer leaves: the row claimed, the message on the phone.
    const [row] = await db
      .update(campaigns)
      .set({ status: 'EM_ANDAMENTO', scheduledAt: new Date(MONDAY_10AM) })
      .where(eq(campaigns.id, c.id))
      .returning();
    expect(await prepareShipping(db, row)).toBe(3);
    const [claimed] = await claimRows(db, c.id, 1, new Date(MONDAY_10AM));
    const provider = await t.channels.providerFor(s.connectionId);
    const { externalId } = await provider.send(
      { kind: 'text', to: claimed.number, body: 'Olá Cliente 1' },
      { idempotencyKey: shippingKey(claimed.id) },
    );
    await dispatchStepJob.send(t.jobs, { campaignId: c.id, seq: row.dispatchSeq });
    await t.jobs.drain();
    t.clock.set(new Date(new Date(MONDAY_10AM).getTime() + 61_000));
    await t.jobs.fireDueTimers();
    await t.jobs.drain();

    const crashed = await historyOf(s, claimed.number);
    expect(crashed.messages).toHaveLength(1);
    expect(crashed.messages[0]).toMatchObject({ externalId, fromMe: true, body: 'Olá Cliente 1' });
    for (const number of s.numbers) expect((await historyOf(s, number)).messages).toHaveLength(1);

    // Recording the same send again (a second worker that lost its claim) adds nothing, and announces nothing.
    const [connection] = await db.select().from(connections).where(eq(connections.id, s.connectionId));
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, c.id));
    const { realtime, sent } = recordingRealtime();
    await transactionRunner(
      db,
      pino({ level: 'silent' }),
    )((tx) => recordInTicket(tx, { db, realtime }, campaign, connection, claimed, [{ externalId, body: 'Olá Cliente 1', media: false }]));
    expect((await historyOf(s, claimed.number)).messages).toHaveLength(1);
    expect(sent.filter((e) => e.event.endsWith('-appMessage'))).toEqual([]);
  });

  test('confirmation flow with a ticket: request, answer and campaign message in one ticket, each once', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const agent = await t.factory.user({ companyId: s.admin.companyId });
    const queue = await t.factory.queue(s.admin.companyId);
    const c = await createCampaign(s, {
      confirmation: true,
      message1: 'Oferta para {nome}',
      confirmationMessage1: 'Quer receber a oferta, {nome}?',
      openTicket: 'enabled',
      statusTicket: 'open',
      userId: agent.id,
      queueId: queue.id,
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    const customer = customerOf(t, s.connection);
    for (const body of ['sim', 'sim!']) {
      expect((await customer.send({ from: s.numbers[0], name: 'Cliente 1', type: 'text', body })).statusCode).toBe(200);
      await t.jobs.drain();
    }
    expect(t.jobs.errors).toEqual([]);
    const h = await historyOf(s, s.numbers[0]);
    expect(h.tickets).toMatchObject([{ status: 'open', userId: agent.id, queueId: queue.id }]);
    expect(h.messages.map((m) => [m.ticketId, m.fromMe, m.body])).toEqual([
      [h.tickets[0].id, true, 'Quer receber a oferta, Cliente 1?'],
      [h.tickets[0].id, false, 'sim'],
      [h.tickets[0].id, true, 'Oferta para Cliente 1'],
      [h.tickets[0].id, false, 'sim!'],
    ]);
    expect((await s.api.get(`/campaigns/${c.id}`)).json()).toMatchObject({ deliveredCount: 1 });
  });

  test('what a campaign creates belongs to its company: another company’s contact with the same number is untouched and its users see nothing', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 1, NO_PAUSES);
    const other = await campaignSetup(t, 0, NO_PAUSES);
    // The other company knows the same person (same number, its own contact and ticket).
    const otherCustomer = customerOf(t, other.connection);
    expect((await otherCustomer.send({ from: s.numbers[0], name: 'Outra', type: 'text', body: 'oi' })).statusCode).toBe(200);
    await t.jobs.drain();
    const theirs = await historyOf(other, s.numbers[0]);
    expect(theirs.messages).toHaveLength(1);

    await createCampaign(s, { openTicket: 'enabled', statusTicket: 'pending', scheduledAt: MONDAY_10AM });
    await t.jobs.drain();
    const ours = await historyOf(s, s.numbers[0]);
    expect(ours.contact.id).not.toBe(theirs.contact.id);
    expect(ours.tickets).toMatchObject([{ companyId: s.admin.companyId, status: 'pending' }]);
    expect(ours.messages).toMatchObject([{ companyId: s.admin.companyId, fromMe: true }]);
    expect((await historyOf(other, s.numbers[0])).messages).toHaveLength(1);

    const ticketId = ours.tickets[0].id;
    expect((await other.api.get(`/tickets/${ticketId}`)).statusCode).toBe(404);
    expect((await other.api.get(`/messages/${ticketId}`)).statusCode).toBe(404);
    expect((await s.api.get(`/tickets/${ticketId}`)).statusCode).toBe(200);
    // Its events went to its own company only.
    const ourIds = new Set(ours.messages.map((m) => m.id));
    const leaked = t.sent.filter(
      (e) => e.companyId !== s.admin.companyId && ourIds.has((e.payload as { message?: { id: number } }).message?.id ?? -1),
    );
    expect(leaked).toEqual([]);
  });
});

async function shippingIdOf(s: CampaignSetup, number: string) {
  const rows = await t.database.db
    .select({ id: campaignShipping.id })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, s.admin.companyId), inArray(campaignShipping.number, [number])));
  return rows[0]?.id;
}
