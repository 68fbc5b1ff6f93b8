import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections, type MessageRow, messages, simulatorOutbox, type TicketRow, tickets } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import type { JobDeps } from '../../jobs/define';
import { useTestApp } from '../../test/harness';
import { customerNumber, customerOf, simulatorConnection, TINY_PNG } from '../../test/simulator';
import { simulatorAckJob } from '../../channels/simulator/jobs';
import { sendOutbound } from '../outbound';
import { enqueueOutbound } from './outbound-queue';
import { resendStuckMessages } from './resend-stuck';

const t = useTestApp();
const jobDeps = (): JobDeps => ({
  db: t.database.db,
  config: t.config,
  realtime: t.app.realtime,
  log: t.app.log,
  jobs: t.jobs,
  channels: t.channels,
  clock: t.clock,
});

/** A ticket made the real way: the customer writes first. */
async function conversation(body: Record<string, unknown> = {}) {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin, body);
  const number = customerNumber();
  const res = (await customerOf(t, conn).send({ from: number, body: 'oi' })).json();
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, res.ticketId));
  return { admin, conn, number, ticket };
}

/** An agent's outbound row as the messages feature writes it (ack 0, no external id). */
async function outboundRow(ticket: TicketRow, overrides: Partial<typeof messages.$inferInsert> = {}): Promise<MessageRow> {
  const [row] = await t.database.db
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      queueId: ticket.queueId,
      body: 'Olá, como posso ajudar?',
      fromMe: true,
      read: true,
      ack: 0,
      ...overrides,
    })
    .returning();
  return row;
}

async function enqueue(messageId: number) {
  await transactionRunner(t.database.db, t.app.log)(async (tx) => enqueueOutbound(tx, t.jobs, messageId));
  await t.jobs.drain();
  expect(t.jobs.errors).toEqual([]);
}

const messageById = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
const outboxOf = (connectionId: number) =>
  t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, connectionId));

test('an enqueued message reaches the customer, gets its external id and its acks advance to read', async () => {
  const { admin, conn, number, ticket } = await conversation();
  const row = await outboundRow(ticket);
  await enqueue(row.id);

  const [received] = await outboxOf(conn.id);
  expect(received).toMatchObject({ number, type: 'text', body: 'Olá, como posso ajudar?', ack: 3, idempotencyKey: `msg-${row.id}` });
  const sent = await messageById(row.id);
  expect(sent.externalId).toBe(received.externalId);
  expect(sent.ack).toBe(3);

  const updates = t.sent.filter(
    (e) =>
      e.event === `company-${admin.companyId}-appMessage` &&
      (e.payload as { action: string; message: { id: number } }).message?.id === row.id,
  );
  expect(updates.length).toBeGreaterThanOrEqual(2);
  expect(updates.every((e) => (e.payload as { action: string }).action === 'update')).toBe(true);
  expect(updates.at(-1)?.payload).toMatchObject({ message: { ack: 3 } });
  expect(updates[0].room).toContain(`chatbox:${ticket.uuid}`);

  const seen = (await customerOf(t, conn).conversation(number)).json();
  expect(seen.messages.map((m: { fromCustomer: boolean; body: string; ack: number }) => [m.fromCustomer, m.body, m.ack])).toEqual([
    [true, 'oi', 1],
    [false, 'Olá, como posso ajudar?', 3],
  ]);
});

test('running the send again never delivers twice, even after a crash before the external id was stored', async () => {
  const { conn, ticket } = await conversation();
  const row = await outboundRow(ticket);
  await enqueue(row.id);
  const externalId = (await messageById(row.id)).externalId;

  await sendOutbound(jobDeps(), row.id); // already sent: nothing to do
  // A crash between the provider's answer and the write: the row still looks unsent.
  await t.database.db.update(messages).set({ externalId: null, ack: 0 }).where(eq(messages.id, row.id));
  await sendOutbound(jobDeps(), row.id);
  await t.jobs.drain();
  expect(t.jobs.errors).toEqual([]);
  expect(await outboxOf(conn.id)).toHaveLength(1);
  expect((await messageById(row.id)).externalId).toBe(externalId);
});

test('a media message sends its stored file; a contact card goes as a vCard', async () => {
  const { conn, ticket } = await conversation();
  const relative = `company${ticket.companyId}/media/outbound-test.png`;
  await mkdir(path.join(t.config.dataDir, 'public', path.dirname(relative)), { recursive: true });
  await writeFile(path.join(t.config.dataDir, 'public', relative), TINY_PNG);
  const media = await outboundRow(ticket, { mediaType: 'image', mediaUrl: `/public/${relative}`, mediaName: 'foto.png', body: 'veja' });
  const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Suporte\nTEL:+5511999990000\nEND:VCARD';
  const card = await outboundRow(ticket, { mediaType: 'contactMessage', body: vcard });
  await enqueue(media.id);
  await enqueue(card.id);
  const outbox = await outboxOf(conn.id);
  expect(outbox.find((o) => o.idempotencyKey === `msg-${media.id}`)).toMatchObject({
    type: 'image',
    body: 'veja',
    mediaUrl: `/public/${relative}`,
    payload: { fileName: 'foto.png', mimeType: 'image/png' },
  });
  expect(outbox.find((o) => o.idempotencyKey === `msg-${card.id}`)).toMatchObject({
    type: 'contact',
    body: vcard,
    payload: { displayName: 'Suporte' },
  });
});

test('a connection without a provider on this node leaves the message waiting at ack 0, without failing', async () => {
  const { ticket } = await conversation();
  const admin = await t.factory.admin({ companyId: ticket.companyId });
  const beta = (await (await t.as(admin)).post('/whatsapp', { name: `Celular ${ticket.id}` })).json();
  await t.database.db.update(tickets).set({ connectionId: beta.id }).where(eq(tickets.id, ticket.id));
  const row = await outboundRow({ ...ticket, connectionId: beta.id });
  await enqueue(row.id);
  expect(await messageById(row.id)).toMatchObject({ ack: 0, externalId: null });
});

test('a disconnected simulator connection leaves the message waiting too', async () => {
  const { conn, ticket } = await conversation();
  // The provider is live in this process, but the session reports itself down.
  await t.database.db.update(connections).set({ status: 'DISCONNECTED' }).where(eq(connections.id, conn.id));
  const row = await outboundRow(ticket);
  await enqueue(row.id);
  expect(await messageById(row.id)).toMatchObject({ ack: 0, externalId: null });
  expect(await outboxOf(conn.id)).toEqual([]);
});

test('the sweeper queues again outbound messages stuck at ack 0 for over a minute, and only those', async () => {
  const { conn, ticket } = await conversation();
  const old = new Date(Date.now() - 5 * 60_000);
  const stuck = await outboundRow(ticket, { body: 'presa', createdAt: old });
  const fresh = await outboundRow(ticket, { body: 'recente' });
  const privateNote = await outboundRow(ticket, { body: 'nota', isPrivate: true, createdAt: old });
  const ancient = await outboundRow(ticket, { body: 'antiga', createdAt: new Date(Date.now() - 3 * 24 * 3600_000) });
  const queued = await resendStuckMessages(jobDeps());
  await t.jobs.drain();
  expect(t.jobs.errors).toEqual([]);
  expect(queued).toBeGreaterThanOrEqual(1);
  expect((await messageById(stuck.id)).ack).toBe(3);
  for (const id of [fresh.id, privateNote.id, ancient.id]) expect((await messageById(id)).externalId).toBeNull();
  const bodies = (await outboxOf(conn.id)).map((o) => o.body);
  expect(bodies).toEqual(['presa']);
  const [again] = await t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, stuck.id)));
  expect(again.externalId).not.toBeNull();
});

test('the simulator acks a fetched batch together: each message to its furthest ack, announced; a repeated batch changes nothing', async () => {
  const { conn, ticket } = await conversation();
  const first = await outboundRow(ticket, { body: 'primeira' });
  const second = await outboundRow(ticket, { body: 'segunda' });
  await enqueue(first.id);
  await enqueue(second.id);
  // Back to "sent" on both sides, as before the simulated phone's reports.
  await t.database.db.update(simulatorOutbox).set({ ack: 1 }).where(eq(simulatorOutbox.connectionId, conn.id));
  await t.database.db.update(messages).set({ ack: 1 }).where(eq(messages.ticketId, ticket.id));
  const [a, b] = (await outboxOf(conn.id)).sort((x, y) => x.id - y.id);
  // A report names the messages sent together; one queued before reports were shared names one.
  const batch = [
    { outboxIds: [a.id, b.id], ack: 2 },
    { outboxId: a.id, ack: 3 },
  ];
  await simulatorAckJob.runBatch!(batch, jobDeps());
  await simulatorAckJob.runBatch!(batch, jobDeps());

  expect((await outboxOf(conn.id)).map((o) => [o.id, o.ack]).sort()).toEqual(
    [
      [a.id, 3],
      [b.id, 2],
    ].sort(),
  );
  expect((await messageById(first.id)).ack).toBe(3);
  expect((await messageById(second.id)).ack).toBe(2);
  const acks = t.sent
    .map((e) => e.payload as { action?: string; message?: { id: number; ack: number } })
    .filter((p) => p.action === 'update' && (p.message?.id === first.id || p.message?.id === second.id) && p.message.ack > 1);
  expect(acks.map((p) => [p.message!.id, p.message!.ack])).toEqual(
    expect.arrayContaining([
      [first.id, 3],
      [second.id, 2],
    ]),
  );
});
