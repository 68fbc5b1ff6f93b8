import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { companies, contacts, messages, plans, simulatorOutbox, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { customerNumber, simulatorConnection, TINY_PNG } from '../../test/simulator';

const t = useTestApp();

const send = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/messages/send', headers: { authorization: `Bearer ${token}`, ...headers }, payload });

test('a text to a new number creates the contact and a pending ticket, stores the message and the simulator sends it', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const number = customerNumber();
  const res = await send(conn.token, { number: `+${number}`, body: 'Olá pela API' });
  expect(res.statusCode, res.body).toBe(200);
  const out = res.json();
  expect(out).toMatchObject({ message: 'Mensagem enviada', messageIds: [expect.any(Number)] });

  const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, out.contactId));
  expect(contact).toMatchObject({ companyId: admin.companyId, number, channel: 'whatsapp' });
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, out.ticketId));
  expect(ticket).toMatchObject({ status: 'pending', connectionId: conn.id, contactId: contact.id, userId: null });
  const [message] = await t.database.db.select().from(messages).where(eq(messages.id, out.messageIds[0]));
  expect(message).toMatchObject({ body: 'Olá pela API', fromMe: true, ticketId: ticket.id });

  await t.jobs.drain();
  const outbox = await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, conn.id));
  expect(outbox.map((o) => [o.number, o.body])).toEqual([[number, 'Olá pela API']]);
  expect(t.sent.some((e) => e.event === `company-${admin.companyId}-appMessage`)).toBe(true);
});

test('a second send reuses the contact and the ticket; userId opens it for that agent with the signature; closeTicket closes it', async () => {
  const admin = await t.factory.admin({ name: 'Ana' });
  const queue = await t.factory.queue(admin.companyId);
  const conn = await simulatorConnection(t, admin);
  const number = customerNumber();
  const first = (await send(conn.token, { number, body: 'Um' })).json();
  const second = await send(conn.token, { number, body: 'Dois', userId: admin.id, queueId: queue.id, sendSignature: true });
  expect(second.statusCode, second.body).toBe(200);
  expect(second.json()).toMatchObject({ ticketId: first.ticketId, contactId: first.contactId });
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, first.ticketId));
  expect(ticket).toMatchObject({ status: 'open', userId: admin.id, queueId: queue.id });
  const [signed] = await t.database.db.select().from(messages).where(eq(messages.id, second.json().messageIds[0]));
  expect(signed.body).toBe('*Ana:*\nDois');

  const closed = await send(conn.token, { number, body: 'Tchau', closeTicket: true });
  expect(closed.statusCode).toBe(200);
  const [after] = await t.database.db.select().from(tickets).where(eq(tickets.id, first.ticketId));
  expect(after.status).toBe('closed');
  const next = (await send(conn.token, { number, body: 'De novo' })).json();
  expect(next.ticketId).not.toBe(first.ticketId);
});

test('multipart with medias stores one message per file, the text as the first caption', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const form = multipart([
    { name: 'number', value: customerNumber() },
    { name: 'body', value: 'Veja' },
    { name: 'closeTicket', value: 'false' },
    { name: 'medias', value: TINY_PNG, filename: 'foto.png', type: 'image/png' },
    { name: 'medias', value: TINY_PNG, filename: 'outra.png', type: 'image/png' },
  ]);
  const res = await send(conn.token, form.payload, form.headers);
  expect(res.statusCode, res.body).toBe(200);
  const ids: number[] = res.json().messageIds;
  expect(ids).toHaveLength(2);
  const rows = await t.database.db.select().from(messages).where(eq(messages.ticketId, res.json().ticketId));
  expect(rows.map((m) => [m.mediaType, m.mediaName, m.body]).sort()).toEqual([
    ['image', 'foto.png', 'Veja'],
    ['image', 'outra.png', ''],
  ]);
});

test('a missing or wrong token is 401 ERR_INVALID_TOKEN and nothing is stored', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const number = customerNumber();
  for (const res of [
    await t.app.inject({ method: 'POST', url: '/api/messages/send', payload: { number, body: 'x' } }),
    await send('x'.repeat(30), { number, body: 'x' }),
    await send(`${conn.token.slice(0, 29)}!`, { number, body: 'x' }),
    await send((await t.as(admin)).token, { number, body: 'x' }), // a user's session token is not a connection token
  ]) {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'ERR_INVALID_TOKEN' });
  }
  expect(await t.database.db.select().from(contacts).where(eq(contacts.number, number))).toEqual([]);
});

test('a malformed number or an empty message is 400 with the field; nothing is stored', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const cases: [object, string, string][] = [
    [{ number: 'abc123', body: 'x' }, 'number', 'Invalid value'],
    [{ number: '1234', body: 'x' }, 'number', 'Invalid value'],
    [{ number: '5511'.repeat(5), body: 'x' }, 'number', 'Invalid value'],
    [{ body: 'x' }, 'number', 'Required'],
    [{ number: customerNumber() }, 'body', 'Required'],
    [{ number: customerNumber(), body: 'x', userId: 'abc' }, 'userId', 'Invalid value'],
  ];
  for (const [payload, field, message] of cases) {
    const res = await send(conn.token, payload, { 'accept-language': 'en' });
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field, message });
  }
  expect(await t.database.db.select().from(tickets).where(eq(tickets.connectionId, conn.id))).toEqual([]);
});

test("another company's user or queue is refused (404); the message goes nowhere", async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const stranger = await t.factory.admin();
  const foreignQueue = await t.factory.queue(stranger.companyId);
  expect((await send(conn.token, { number: customerNumber(), body: 'x', userId: stranger.id })).json()).toEqual({
    error: 'ERR_NO_USER_FOUND',
  });
  const res = await send(conn.token, { number: customerNumber(), body: 'x', queueId: foreignQueue.id });
  expect(res.statusCode).toBe(404);
  expect(await t.database.db.select().from(tickets).where(eq(tickets.connectionId, conn.id))).toEqual([]);
});

test('the contact lands in the token owner company only, even when another company knows the number', async () => {
  const a = await t.factory.admin();
  const b = await t.factory.admin();
  const connA = await simulatorConnection(t, a);
  const connB = await simulatorConnection(t, b);
  const number = customerNumber();
  const fromB = (await send(connB.token, { number, body: 'B' })).json();
  const fromA = (await send(connA.token, { number, body: 'A' })).json();
  expect(fromA.contactId).not.toBe(fromB.contactId);
  const rows = await t.database.db.select().from(contacts).where(eq(contacts.number, number));
  expect(rows.map((c) => c.companyId).sort()).toEqual([a.companyId, b.companyId].sort());
  expect(
    t.sent.some(
      (e) => e.companyId === b.companyId && e.event === `company-${b.companyId}-appMessage` && JSON.stringify(e.payload).includes('"A"'),
    ),
  ).toBe(false);
});

test('a plan without useExternalApi gets 403; an expired company 402', async () => {
  const plan = await t.factory.plan({ useExternalApi: false });
  const admin = await t.factory.admin({ company: await t.factory.company({ planId: plan.id }) });
  const conn = await simulatorConnection(t, admin);
  const res = await send(conn.token, { number: customerNumber(), body: 'x' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  await t.database.db.update(plans).set({ useExternalApi: true }).where(eq(plans.id, plan.id));
  await t.database.db.update(companies).set({ dueDate: '2000-01-01' }).where(eq(companies.id, admin.companyId));
  expect((await send(conn.token, { number: customerNumber(), body: 'x' })).statusCode).toBe(402);
  expect(
    await t.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.connectionId, conn.id))),
  ).toEqual([]);
});

test('a regenerated token replaces the old one at once', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const fresh = (await (await t.as(admin)).post(`/whatsapp/${conn.id}/token`)).json();
  expect(fresh.token).toMatch(/^[A-Za-z0-9]{30}$/);
  expect(fresh.token).not.toBe(conn.token);
  expect((await send(conn.token, { number: customerNumber(), body: 'x' })).statusCode).toBe(401);
  expect((await send(fresh.token, { number: customerNumber(), body: 'x' })).statusCode).toBe(200);
});
