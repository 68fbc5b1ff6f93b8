import { and, eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { connections, contacts, messages, schedules, simulatorOutbox, tickets } from '../../db/schema';
import { makeContact } from '../../test/contacts';
import { useTestApp } from '../../test/harness';
import { customerNumber, simulatorConnection } from '../../test/simulator';
import { scheduleDispatchJob } from './jobs';
import { createScheduleAs, inMinutes } from './testing';

const t = useTestApp();
// The routes read real time (a send in the past is refused); each test starts from it.
afterEach(() => t.clock.reset());

const rowOf = async (id: number) => (await t.database.db.select().from(schedules).where(eq(schedules.id, id)))[0];
const outboxOf = (connectionId: number) =>
  t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, connectionId));

/** Moves the test clock past `at` and runs every dispatch due by then. */
async function passTime(at: string | Date) {
  t.clock.set(new Date(new Date(at).getTime() + 1000));
  await t.jobs.fireDueTimers();
  await t.jobs.drain();
}

test('a recurring schedule sends each occurrence once through the simulator, into the ticket history, then ENVIADA', async () => {
  const admin = await t.factory.admin({ name: 'Ana' });
  const conn = await simulatorConnection(t, admin);
  const number = customerNumber();
  const contact = await makeContact(t.database.db, admin.companyId, { number });
  const first = inMinutes(90);
  const created = await createScheduleAs(t, admin, {
    contactId: contact.id,
    body: 'Tome o remédio',
    intervalo: 4, // minutes
    valorIntervalo: 10,
    enviarQuantasVezes: 3,
    assinar: true,
  });
  expect(created.sendAt).toBeDefined();
  await t.database.db
    .update(schedules)
    .set({ sendAt: new Date(first), firstSendAt: new Date(first) })
    .where(eq(schedules.id, created.id));
  // The job queued at creation names the old time: it must find the schedule moved on and do nothing.
  await passTime(created.sendAt);
  t.clock.reset();
  await scheduleDispatchJob.send(t.jobs, { scheduleId: created.id, timesSent: 0, sendAt: first }, { startAfterSeconds: 90 * 60 });

  await passTime(first);
  let row = await rowOf(created.id);
  expect(row).toMatchObject({ timesSent: 1, status: 'PENDENTE' });
  expect(row.sendAt.toISOString()).toBe(new Date(new Date(first).getTime() + 10 * 60_000).toISOString());
  expect(row.sentAt).not.toBeNull();

  await passTime(row.sendAt);
  await passTime((await rowOf(created.id)).sendAt);
  row = await rowOf(created.id);
  expect(row).toMatchObject({ timesSent: 3, status: 'ENVIADA' });
  expect(t.jobs.heldTimers('schedule.dispatch').filter((h) => (h.payload as { scheduleId: number }).scheduleId === created.id)).toEqual([]);

  const outbox = await outboxOf(conn.id);
  expect(outbox.map((o) => [o.number, o.body])).toEqual([
    [number, '*Ana:*\nTome o remédio'],
    [number, '*Ana:*\nTome o remédio'],
    [number, '*Ana:*\nTome o remédio'],
  ]);
  // In the contact's ticket history; openTicket disabled and no active ticket: a closed ticket keeps them.
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
  expect(ticket.status).toBe('closed');
  const history = await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
  expect(history).toHaveLength(3);
  expect(history.every((m) => m.fromMe && m.externalId)).toBe(true);
  expect(t.sent.some((e) => e.event === `company-${admin.companyId}-appMessage`)).toBe(true);
});

test('openTicket enabled opens the ticket for the chosen user and queue, left open with statusTicket open', async () => {
  const admin = await t.factory.admin();
  const agent = await t.factory.user({ companyId: admin.companyId });
  const queue = await t.factory.queue(admin.companyId);
  await simulatorConnection(t, admin);
  const contact = await makeContact(t.database.db, admin.companyId, { number: customerNumber() });
  const s = await createScheduleAs(t, admin, {
    contactId: contact.id,
    openTicket: 'enabled',
    statusTicket: 'open',
    ticketUserId: agent.id,
    queueId: queue.id,
  });
  await passTime(s.sendAt);
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
  expect(ticket).toMatchObject({ status: 'open', userId: agent.id, queueId: queue.id });
  expect((await rowOf(s.id)).status).toBe('ENVIADA');
});

test('a deleted contact or connection ends the schedule in ERRO with the reason; nothing is sent', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const gone = await makeContact(t.database.db, admin.companyId, { number: customerNumber() });
  const kept = await makeContact(t.database.db, admin.companyId, { number: customerNumber() });
  const noContact = await createScheduleAs(t, admin, { contactId: gone.id });
  const noConnection = await createScheduleAs(t, admin, { contactId: kept.id });
  await t.database.db.delete(contacts).where(eq(contacts.id, gone.id));
  await t.database.db.update(schedules).set({ whatsappId: null }).where(eq(schedules.id, noConnection.id));
  await passTime(noContact.sendAt);

  expect(await rowOf(noContact.id)).toMatchObject({ status: 'ERRO', errorReason: 'ERR_SCHEDULE_CONTACT_GONE', sentAt: null });
  expect(await rowOf(noConnection.id)).toMatchObject({ status: 'ERRO', errorReason: 'ERR_SCHEDULE_CONNECTION_GONE' });
  expect(await outboxOf(conn.id)).toEqual([]);
  const view = (await (await t.as(admin)).get(`/schedules/${noContact.id}`)).json();
  expect(view).toMatchObject({ status: 'ERRO', errorReason: 'ERR_SCHEDULE_CONTACT_GONE', contact: null });
});

test('a deleted connection row (FK set null) also ends in ERRO', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const contact = await makeContact(t.database.db, admin.companyId, { number: customerNumber() });
  const s = await createScheduleAs(t, admin, { contactId: contact.id, whatsappId: conn.id });
  await t.channels.stopAll();
  await t.database.db.delete(connections).where(and(eq(connections.id, conn.id), eq(connections.companyId, admin.companyId)));
  await passTime(s.sendAt);
  expect(await rowOf(s.id)).toMatchObject({ status: 'ERRO', errorReason: 'ERR_SCHEDULE_CONNECTION_GONE', whatsappId: null });
});

test('at most once per occurrence: many concurrent runs of one occurrence record one message', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const contact = await makeContact(t.database.db, admin.companyId, { number: customerNumber() });
  const s = await createScheduleAs(t, admin, { contactId: contact.id, enviarQuantasVezes: 2, intervalo: 1 });
  const occurrence = { scheduleId: s.id, timesSent: 0, sendAt: new Date(s.sendAt).toISOString() };
  const deps = (t.jobs as unknown as { deps: () => Parameters<typeof scheduleDispatchJob.run>[1] }).deps();
  await Promise.all(Array.from({ length: 8 }, () => scheduleDispatchJob.run(occurrence, deps)));
  await t.jobs.drain();

  const rows = await t.database.db.select().from(messages).where(eq(messages.contactId, contact.id));
  expect(rows).toHaveLength(1);
  expect(await rowOf(s.id)).toMatchObject({ timesSent: 1, status: 'PENDENTE' });
  expect((await outboxOf(conn.id)).length).toBe(1);
  // The next occurrence (one day later) is queued once.
  const next = t.jobs
    .heldTimers('schedule.dispatch')
    .filter((h) => (h.payload as { scheduleId: number }).scheduleId === s.id && (h.payload as { timesSent: number }).timesSent === 1);
  expect(next).toHaveLength(1);
});

test('a batch of due schedules sends each once into its own ticket, with its own options, even run twice at once', async () => {
  const admin = await t.factory.admin();
  const agent = await t.factory.user({ companyId: admin.companyId });
  const conn = await simulatorConnection(t, admin);
  const [ana, bruno] = [customerNumber(), customerNumber()];
  const first = await makeContact(t.database.db, admin.companyId, { number: ana });
  const second = await makeContact(t.database.db, admin.companyId, { number: bruno });
  const reminder = await createScheduleAs(t, admin, { contactId: first.id, body: 'Lembrete', enviarQuantasVezes: 2, intervalo: 1 });
  const another = await createScheduleAs(t, admin, { contactId: first.id, body: 'Outro aviso' });
  const opened = await createScheduleAs(t, admin, {
    contactId: second.id,
    body: 'Seu pedido saiu',
    openTicket: 'enabled',
    statusTicket: 'open',
    ticketUserId: agent.id,
  });
  const occurrences = [reminder, another, opened].map((s) => ({
    scheduleId: s.id,
    timesSent: 0,
    sendAt: new Date(s.sendAt).toISOString(),
  }));
  const deps = (t.jobs as unknown as { deps: () => Parameters<typeof scheduleDispatchJob.run>[1] }).deps();
  await Promise.all([
    scheduleDispatchJob.runBatch!(occurrences, deps),
    scheduleDispatchJob.runBatch!([...occurrences].reverse(), deps),
    scheduleDispatchJob.run(occurrences[2], deps),
  ]);
  await t.jobs.drain();

  const outbox = await outboxOf(conn.id);
  expect(outbox.map((o) => `${o.number} ${o.body}`).sort()).toEqual(
    [`${ana} Lembrete`, `${ana} Outro aviso`, `${bruno} Seu pedido saiu`].sort(),
  );
  expect(await rowOf(reminder.id)).toMatchObject({ timesSent: 1, status: 'PENDENTE' });
  expect(await rowOf(another.id)).toMatchObject({ timesSent: 1, status: 'ENVIADA' });
  expect(await rowOf(opened.id)).toMatchObject({ timesSent: 1, status: 'ENVIADA' });
  // One ticket per contact: the first contact's two messages share its closed one; the second's is open with the agent.
  const firstTickets = await t.database.db.select().from(tickets).where(eq(tickets.contactId, first.id));
  expect(firstTickets.map((k) => k.status)).toEqual(['closed']);
  expect(await t.database.db.select().from(messages).where(eq(messages.ticketId, firstTickets[0].id))).toHaveLength(2);
  const [secondTicket] = await t.database.db.select().from(tickets).where(eq(tickets.contactId, second.id));
  expect(secondTicket).toMatchObject({ status: 'open', userId: agent.id });
  const ours = new Set(occurrences.map((o) => o.scheduleId));
  const next = t.jobs
    .heldTimers('schedule.dispatch')
    .map((h) => h.payload as { scheduleId: number; timesSent: number })
    .filter((p) => ours.has(p.scheduleId) && p.timesSent === 1);
  expect(next.map((p) => p.scheduleId)).toEqual([reminder.id]);
});

test('on a WhatsApp Cloud API connection a schedule to a customer silent for over 24 hours is refused before sending: ERRO, ERR_CUSTOMER_WINDOW_CLOSED', async () => {
  const admin = await t.factory.admin();
  const [cloud] = await t.database.db
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: 'Cloud agendamentos',
      channel: 'whatsappapi',
      provider: 'whatsappapi',
      token: `tk${customerNumber()}`,
      facebookPageUserId: customerNumber(),
      tokenMeta: 'EAAG-schedules',
    })
    .returning();
  const contact = await makeContact(t.database.db, admin.companyId, { number: customerNumber() });
  const created = await createScheduleAs(t, admin, { contactId: contact.id, whatsappId: cloud.id, body: 'Sua consulta é amanhã' });
  await passTime(created.sendAt);
  expect(await rowOf(created.id)).toMatchObject({ status: 'ERRO', errorReason: 'ERR_CUSTOMER_WINDOW_CLOSED', timesSent: 0 });
  expect(await t.database.db.select().from(messages).where(eq(messages.connectionId, cloud.id))).toEqual([]);
});
