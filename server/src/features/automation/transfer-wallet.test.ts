import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { contacts, ticketLogs, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { botConnection, customer, setSettings } from './testing';

const t = useTestApp();
afterEach(() => expect(t.jobs.errors).toEqual([]));

const logsOf = async (ticketId: number) =>
  (await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticketId)).orderBy(ticketLogs.id)).map((l) => [
    l.type,
    l.queueId,
  ]);

/** A customer who chose Vendas in the menu and whom an agent of the company attends. */
async function attended(settings: Record<string, string>) {
  const admin = await t.factory.admin();
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', greetingMessage: 'Vendas aqui', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', greetingMessage: 'Suporte aqui', orderQueue: 2 });
  await setSettings(t, admin.companyId, settings);
  const conn = await botConnection(t, admin, [vendas, suporte]);
  const person = customer(t, conn);
  await person.write('oi');
  await person.write('1');
  const ticket = await person.ticket();
  const agent = await t.as(admin);
  expect((await agent.put(`/tickets/${ticket.id}`, { status: 'open', userId: admin.id, queueId: vendas.id })).statusCode).toBe(200);
  return { admin, agent, vendas, suporte, person, ticket };
}

test('closeTicketOnTransfer: a move to another queue closes the ticket and the conversation goes on in a new one there', async () => {
  const { agent, vendas, suporte, person, ticket } = await attended({
    closeTicketOnTransfer: 'enabled',
    sendMsgTransfTicket: 'enabled',
    transferMessage: 'Você foi transferido',
  });
  const res = await agent.put(`/tickets/${ticket.id}`, { queueId: suporte.id, userId: null, isTransfered: true });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json();
  expect(created).toMatchObject({ status: 'pending', queueId: suporte.id, userId: null });
  expect(created.id).not.toBe(ticket.id);
  await t.jobs.drain();
  expect(await person.received()).toEqual(['Você foi transferido']);

  const [old] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
  expect(old).toMatchObject({ status: 'closed', queueId: vendas.id });
  expect((await logsOf(ticket.id)).at(-1)).toEqual(['closed', vendas.id]);
  expect(await logsOf(created.id)).toEqual([
    ['create', suporte.id],
    ['transfered', suporte.id],
  ]);
  // The customer's next message lands in the new ticket, which waits in Suporte.
  await person.write('ainda preciso de ajuda');
  expect(await person.ticket()).toMatchObject({ id: created.id, status: 'pending', queueId: suporte.id });
});

test('closeTicketOnTransfer keeps the ticket when only the agent changes, and off it always keeps it', async () => {
  const on = await attended({ closeTicketOnTransfer: 'enabled' });
  const colleague = await t.factory.user({ companyId: on.admin.companyId });
  const sameQueue = await on.agent.put(`/tickets/${on.ticket.id}`, {
    queueId: on.vendas.id,
    userId: colleague.id,
    status: 'open',
    isTransfered: true,
  });
  expect(sameQueue.json()).toMatchObject({ id: on.ticket.id, status: 'open', userId: colleague.id });

  const off = await attended({});
  const moved = await off.agent.put(`/tickets/${off.ticket.id}`, { queueId: off.suporte.id, userId: null, isTransfered: true });
  expect(moved.json()).toMatchObject({ id: off.ticket.id, status: 'pending', queueId: off.suporte.id });
});

test("DirectTicketsToWallets: a new ticket of a contact in an agent's wallet opens for that agent, with no menu", async () => {
  const admin = await t.factory.admin();
  const owner = await t.factory.user({ companyId: admin.companyId, name: 'Dona da carteira' });
  const vendas = await t.factory.queue(admin.companyId, { name: 'Vendas', orderQueue: 1 });
  const suporte = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  const conn = await botConnection(t, admin, [vendas, suporte]);
  const person = customer(t, conn);

  // First conversation: no wallet yet, so the menu; then the admin puts the contact in the agent's wallet.
  expect(await person.write('oi')).toHaveLength(1);
  const first = await person.ticket();
  const admin_ = await t.as(admin);
  expect((await admin_.put(`/tickets/${first.id}`, { status: 'closed', userId: admin.id, sendFarewellMessage: false })).statusCode).toBe(
    200,
  );
  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.number, person.number));
  expect((await admin_.put(`/contacts/${contact.id}/wallets`, { userIds: [owner.id] })).statusCode).toBe(200);

  // Off: still the menu.
  expect(await person.write('voltei')).toHaveLength(1);
  const second = await person.ticket();
  expect(second).toMatchObject({ status: 'pending', userId: null });
  await admin_.put(`/tickets/${second.id}`, { status: 'closed', userId: admin.id, sendFarewellMessage: false });

  await setSettings(t, admin.companyId, { DirectTicketsToWallets: 'enabled' });
  expect(await person.write('voltei de novo')).toEqual([]);
  const third = await person.ticket();
  expect(third).toMatchObject({ status: 'open', userId: owner.id, isBot: false });
  expect((await logsOf(third.id)).map((l) => l[0])).toEqual(['create', 'open']);
  // Further messages reach the agent only.
  expect(await person.write('tudo bem?')).toEqual([]);
});
