import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { messages, ticketAutomations, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { recordQuietTurn } from './quiet-turn';
import { runInboundAutomation } from './run-inbound';
import { botConnection, customer, jobDepsOf, storedWithoutTurn, updateConnection } from './testing';

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

test('a turn that may do something goes the locked way: the chatbot serving, a voice message, a silence timer, a backlog', async () => {
  const { conn, ticket } = await servedCustomer();
  const deps = jobDepsOf(t);

  const voice = await storedWithoutTurn(t, ticket.id, '', { mediaType: 'audio' });
  expect(await recordQuietTurn(deps, voice.id)).toBe(false);
  await runInboundAutomation(deps, voice.id);

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
