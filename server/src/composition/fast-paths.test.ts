import { eq } from 'drizzle-orm';
import type { Counter } from 'prom-client';
import { afterEach, expect, test } from 'vitest';
import { tickets } from '../db/schema';
import { botConnection } from '../test/bot-customer';
import { useTestApp } from '../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../test/simulator';

// The alarm of the fast paths (issue 33). The bench's common case, a customer writing into their
// open ticket on a connection with the default automation, carries the throughput target
// (bench/RESULTS.md, inbound and automation): its message takes the one-statement append path and
// its automation turn is quiet (no transaction, no lock). A new automation rule that reads the
// database or acts on every message, or a pipeline change that sends the case the general way, stops
// that silently: the node's metrics count both, and this test fails when the case leaves either path.
const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

/** The counter's values by its one label. */
async function byLabel(counter: Counter<string>): Promise<Record<string, number>> {
  const { values } = await counter.get();
  return Object.fromEntries(values.map((v) => [String(Object.values(v.labels)[0]), v.value]));
}

/** What the node counted while `run` ran: turns by kind, inbound messages by path. */
async function counted(run: () => Promise<void>) {
  const { automationTurns, inboundPaths } = t.app.metrics;
  const [turns0, paths0] = [await byLabel(automationTurns), await byLabel(inboundPaths)];
  await run();
  await t.jobs.drain();
  const [turns1, paths1] = [await byLabel(automationTurns), await byLabel(inboundPaths)];
  const delta = (after: Record<string, number>, before: Record<string, number>) =>
    Object.fromEntries(Object.entries(after).flatMap(([k, v]) => (v - (before[k] ?? 0) > 0 ? [[k, v - (before[k] ?? 0)]] : [])));
  return { turns: delta(turns1, turns0), paths: delta(paths1, paths0) };
}

test("the bench's common case stays on the fast paths: the append path and a quiet turn, waiting or served", async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const customer = customerOf(t, conn);
  const from = customerNumber();
  const send = async (body: string) => {
    const res = await customer.send({ from, name: 'Bia', body });
    expect(res.json()).toMatchObject({ messageId: expect.any(Number) });
    return res.json() as { ticketId: number };
  };

  // A new number's first message: the other one-statement path; no bot, flow, timer or rating acts.
  let ticketId = 0;
  const opening = async () => {
    ticketId = (await send('oi')).ticketId;
  };
  expect(await counted(opening)).toEqual({ turns: { quiet: 1 }, paths: { first: 1 } });

  // The next ones, into the ticket waiting in the inbox: appended, quiet.
  expect(await counted(async () => void (await send('tudo bem?')))).toEqual({ turns: { quiet: 1 }, paths: { append: 1 } });

  // An agent takes the ticket: the customer's answers too.
  await t.database.db.update(tickets).set({ status: 'open', userId: admin.id }).where(eq(tickets.id, ticketId));
  expect(
    await counted(async () => {
      await send('obrigada');
      await send('até logo');
    }),
  ).toEqual({ turns: { quiet: 2 }, paths: { append: 2 } });
});

test('the counters see the slow way too: a first message the chatbot answers with its menu is a refused turn', async () => {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  const conn = await botConnection(t, admin, [vendas, suporte]);
  const customer = customerOf(t, conn);
  // The quiet play tries to send the menu and is refused; the locked turn sends it.
  const first = await counted(async () => void (await customer.send({ from: customerNumber(), name: 'Léo', body: 'oi' })));
  expect(first).toEqual({ turns: { refused: 1 }, paths: { first: 1 } });
});
