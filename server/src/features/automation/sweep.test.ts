import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { tags, ticketAutomations, ticketTags, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { SWEEP_WINDOW_MS, sweepUnansweredMessages, UNANSWERED_AFTER_MS } from './sweep';
import { botConnection, customer, jobDepsOf, storedWithoutTurn } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

async function twoQueueCustomer() {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', greetingMessage: 'Bem-vindo a Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', greetingMessage: 'Suporte aqui', orderQueue: 2 });
  const ana = customer(t, await botConnection(t, admin, [vendas, suporte]));
  expect(await ana.write('oi')).toEqual(['Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte']);
  return { ana, vendas };
}

test('a message whose turn never ran is answered by the sweep, once', async () => {
  const { ana, vendas } = await twoQueueCustomer();
  const ticket = await ana.ticket();
  const lost = await storedWithoutTurn(t, ticket.id, '1', { ageMs: UNANSWERED_AFTER_MS + 5_000 });

  expect(await sweepUnansweredMessages(jobDepsOf(t), new Date())).toBe(1);
  await t.jobs.drain();
  expect(await ana.received()).toEqual(['Bem-vindo a Vendas']);
  expect(await ana.ticket()).toMatchObject({ queueId: vendas.id });
  const [state] = await t.database.db.select().from(ticketAutomations).where(eq(ticketAutomations.ticketId, ticket.id));
  expect(state.lastMessageId).toBe(lost.id);

  // Answered now: the next sweep finds nothing.
  expect(await sweepUnansweredMessages(jobDepsOf(t), new Date())).toBe(0);
  await t.jobs.drain();
  expect(await ana.received()).toEqual([]);
});

test("the sweep's turn also does what other features do on a customer's answer: a kanban card goes back to its rollback lane", async () => {
  const { ana } = await twoQueueCustomer();
  const ticket = await ana.ticket();
  const lane = (values: Partial<typeof tags.$inferInsert>) =>
    t.database.db
      .insert(tags)
      .values({ companyId: ticket.companyId, name: 'Lane', color: '#123456', kanban: 1, ...values })
      .returning()
      .then(([row]) => row);
  const negotiation = await lane({ name: 'Negociação' });
  const proposal = await lane({ name: 'Proposta', rollbackLaneId: negotiation.id });
  // The card entered its lane before the lost message came.
  const entered = new Date(Date.now() - UNANSWERED_AFTER_MS - 60_000).toISOString();
  await t.database.db.insert(ticketTags).values({ ticketId: ticket.id, tagId: proposal.id, enteredAt: entered });
  await storedWithoutTurn(t, ticket.id, 'ainda tenho interesse', { ageMs: UNANSWERED_AFTER_MS + 5_000 });

  expect(await sweepUnansweredMessages(jobDepsOf(t), new Date())).toBe(1);
  await t.jobs.drain();
  const lanes = await t.database.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
  expect(lanes.map((r) => r.tagId)).toEqual([negotiation.id]);
});

test('the sweep leaves alone a message too recent (its turn may be running) and one older than its window', async () => {
  const { ana } = await twoQueueCustomer();
  const ticket = await ana.ticket();
  await storedWithoutTurn(t, ticket.id, '1', { ageMs: UNANSWERED_AFTER_MS - 10_000 });
  expect(await sweepUnansweredMessages(jobDepsOf(t), new Date())).toBe(0);

  const { ana: bia } = await twoQueueCustomer();
  await storedWithoutTurn(t, (await bia.ticket()).id, '2', { ageMs: SWEEP_WINDOW_MS + 60_000 });
  expect(await sweepUnansweredMessages(jobDepsOf(t), new Date())).toBe(0);
  await t.jobs.drain();
  expect(await ana.received()).toEqual([]);
  expect(await bia.received()).toEqual([]);
});

test("an imported ticket's old messages are not the engine's", async () => {
  const { ana } = await twoQueueCustomer();
  const ticket = await ana.ticket();
  await t.database.db.update(tickets).set({ importedAt: new Date() }).where(eq(tickets.id, ticket.id));
  await storedWithoutTurn(t, ticket.id, '1', { ageMs: UNANSWERED_AFTER_MS + 5_000 });
  expect(await sweepUnansweredMessages(jobDepsOf(t), new Date())).toBe(0);
});
