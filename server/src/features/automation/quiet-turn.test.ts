import { and, eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { messages, ticketAutomations, ticketLogs, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { recordQuietTurn } from './quiet-turn';
import { runInboundAutomation } from './run-inbound';
import { botConnection, customer, jobDepsOf, setSettings, storedWithoutTurn, updateConnection } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

/** A customer who got the queue menu, and whose ticket an agent then took. */
async function servedCustomer() {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  const conn = await botConnection(t, admin, [vendas, suporte]);
  const ana = customer(t, conn);
  expect(await ana.write('oi')).toHaveLength(1); // the menu: a first turn, never quiet
  const ticket = await ana.ticket();
  await t.database.db.update(tickets).set({ status: 'open', userId: admin.id, queueId: vendas.id }).where(eq(tickets.id, ticket.id));
  return { admin, conn, ana, ticket };
}

const stateOf = async (ticketId: number) =>
  (await t.database.db.select().from(ticketAutomations).where(eq(ticketAutomations.ticketId, ticketId)))[0];

test("a message on a ticket an agent serves is a quiet turn: recorded without the ticket's lock, nothing said", async () => {
  const { ana, ticket } = await servedCustomer();
  const before = await stateOf(ticket.id);
  const message = await storedWithoutTurn(t, ticket.id, 'obrigado');

  expect(await recordQuietTurn(jobDepsOf(t), message.id)).toBe(true);
  expect(await stateOf(ticket.id)).toEqual({ ...before, lastMessageId: message.id, updatedAt: expect.any(Date) });
  // Recorded: the turn run again (the sweep, a retry) finds it answered and does nothing.
  expect(await recordQuietTurn(jobDepsOf(t), message.id)).toBe(false);
  await runInboundAutomation(jobDepsOf(t), message.id);
  await t.jobs.drain();
  expect(await ana.received()).toEqual([]);
  expect(await stateOf(ticket.id)).toMatchObject({ lastMessageId: message.id });

  // Through the pipeline the same: the state moves on, the customer hears nothing.
  expect(await ana.write('até logo')).toEqual([]);
  const [newest] = await t.database.db.select().from(messages).where(eq(messages.body, 'até logo'));
  expect(await stateOf(ticket.id)).toMatchObject({ lastMessageId: newest.id, stage: before.stage });
});

test('a turn that may do something goes the locked way: a refused voice message, a backlog, a silence timer, the chatbot serving', async () => {
  const { admin, conn, ana, ticket } = await servedCustomer();
  const deps = jobDepsOf(t);

  // A voice message the company takes is quiet on a served ticket; one it refuses is answered.
  const voice = await storedWithoutTurn(t, ticket.id, '', { mediaType: 'audio' });
  expect(await recordQuietTurn(deps, voice.id)).toBe(true);
  await setSettings(t, admin.companyId, { acceptAudioMessageContact: 'disabled' });
  const refused = await storedWithoutTurn(t, ticket.id, '', { mediaType: 'audio' });
  expect(await recordQuietTurn(deps, refused.id)).toBe(false);
  await runInboundAutomation(deps, refused.id);
  await t.jobs.drain();
  expect(await ana.received()).toHaveLength(1);

  // A backlog (two messages not answered): the locked turn answers them in order.
  const first = await storedWithoutTurn(t, ticket.id, 'um');
  const second = await storedWithoutTurn(t, ticket.id, 'dois');
  expect(await recordQuietTurn(deps, second.id)).toBe(false);
  await runInboundAutomation(deps, second.id);
  expect((await stateOf(ticket.id)).lastMessageId).toBe(second.id);
  expect(first.id).toBeLessThan(second.id);

  // The connection closes silent tickets: every customer message sets the expiry timer.
  await updateConnection(t, conn.id, { expiresTicket: 30, expiresInactiveMessage: 'Encerrado' });
  const timed = await storedWithoutTurn(t, ticket.id, 'ainda aqui');
  expect(await recordQuietTurn(deps, timed.id)).toBe(false);
  await runInboundAutomation(deps, timed.id);
  expect(t.jobs.heldTimers('automation.silence').map((h) => h.payload)).toContainEqual({
    ticketId: ticket.id,
    messageId: timed.id,
    kind: 'expire',
  });
  await updateConnection(t, conn.id, { expiresTicket: 0 });

  // Back in the queue with no agent, where the chatbot answers.
  await t.database.db.update(tickets).set({ status: 'pending', userId: null }).where(eq(tickets.id, ticket.id));
  await t.database.db.update(ticketAutomations).set({ stage: 'queue' }).where(eq(ticketAutomations.ticketId, ticket.id));
  const asked = await storedWithoutTurn(t, ticket.id, '2');
  expect(await recordQuietTurn(deps, asked.id)).toBe(false);
  await t.jobs.drain();
});

test("a new ticket's first turn where nothing answers is quiet: its state is inserted, nothing said", async () => {
  const admin = await t.factory.admin();
  // No queue, no greeting, no flow, no timer: the chatbot has nothing to say and leaves the ticket to the agents.
  const conn = await botConnection(t, admin, [], { greetingMessage: '' });
  const ana = customer(t, conn);
  expect(await ana.write('oi')).toEqual([]);
  const ticket = await ana.ticket();
  const [first] = await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
  expect(await stateOf(ticket.id)).toMatchObject({ stage: 'done', lastMessageId: first.id });

  // The same first turn, recorded from its read alone: the state the locked turn wrote.
  const locked = await stateOf(ticket.id);
  await t.database.db.delete(ticketAutomations).where(eq(ticketAutomations.ticketId, ticket.id));
  expect(await recordQuietTurn(jobDepsOf(t), first.id)).toBe(true);
  expect(await stateOf(ticket.id)).toMatchObject({ ...locked, createdAt: expect.any(Date), updatedAt: expect.any(Date) });
  // A second record of it finds a state already there; the locked turn finds it answered.
  expect(await recordQuietTurn(jobDepsOf(t), first.id)).toBe(false);
  await runInboundAutomation(jobDepsOf(t), first.id);
  await t.jobs.drain();
  expect(await ana.received()).toEqual([]);
  expect(await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id))).toEqual(
    expect.not.arrayContaining([expect.objectContaining({ type: 'queue' })]),
  );
});

test('a first turn that greets takes the locked way', async () => {
  const admin = await t.factory.admin();
  const conn = await botConnection(t, admin, [], { greetingMessage: 'Olá! Já vamos atender.' });
  const ana = customer(t, conn);
  expect(await ana.write('oi')).toEqual(['Olá! Já vamos atender.']);
  const ticket = await ana.ticket();
  const [first] = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)));
  await t.database.db.delete(ticketAutomations).where(eq(ticketAutomations.ticketId, ticket.id));
  expect(await recordQuietTurn(jobDepsOf(t), first.id)).toBe(false);
  expect(await stateOf(ticket.id)).toBeUndefined();
});

test('quiet turns under way at once are each recorded; the same turn twice moves the state once', async () => {
  const served = [await servedCustomer(), await servedCustomer(), await servedCustomer()];
  const stored = await Promise.all(served.map(({ ticket }) => storedWithoutTurn(t, ticket.id, 'ok')));
  const deps = jobDepsOf(t);
  const recorded = await Promise.all([...stored, stored[0]].map((m) => recordQuietTurn(deps, m.id)));
  // The first message's two runs race: one records it (or both, from one shared statement), the other finds it recorded.
  expect([recorded[0] || recorded[3], recorded[1], recorded[2]]).toEqual([true, true, true]);
  for (const [i, { ticket }] of served.entries()) expect(await stateOf(ticket.id)).toMatchObject({ lastMessageId: stored[i].id });
  await t.jobs.drain();
  for (const { ana } of served) expect(await ana.received()).toEqual([]);
});
