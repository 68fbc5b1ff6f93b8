import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { messages, ticketLogs, tickets } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { useTestApp } from '../../test/harness';
import { forwardMessageJob } from './jobs';
import { messageFactory } from './testing';

const t = useTestApp();
const mf = () => messageFactory(t.database.db);
const ticketMessages = (ticketId: number) =>
  t.database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.createdAt), asc(messages.id));

async function setup() {
  const admin = await t.factory.admin();
  const source = await mf().ticket(admin.companyId, { userId: admin.id });
  const a = await mf().message(source, { body: 'primeira' });
  const b = await mf().message(source, { body: 'segunda', fromMe: true, userId: admin.id });
  const c = await mf().message(source, { body: 'terceira' });
  const target = await mf().contact(admin.companyId, { name: 'Pedro' });
  return { admin, source, a, b, c, target, api: await t.as(admin) };
}

describe('POST /message/forward', () => {
  test("a batch opens a ticket for the caller on the source's connection and arrives in order, marked forwarded", async () => {
    const { admin, source, a, b, c, target, api } = await setup();
    const send = vi.spyOn(t.jobs as JobQueue, 'send');
    const res = await api.post('/message/forward', { messageIds: [c.id, a.id, b.id], contactId: target.id, signMessage: false });
    expect(res.statusCode).toBe(200);
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    // Each step schedules the next FORWARD_PAUSE_MS later (the inline queue runs it at once).
    const steps = send.mock.calls.filter(([job]) => job === forwardMessageJob);
    send.mockRestore();
    expect(steps.map(([, data, options]) => [(data as { messageIds: number[] }).messageIds, options?.startAfterSeconds])).toEqual([
      [[c.id, a.id, b.id], undefined],
      [[a.id, b.id], 0.9],
      [[b.id], 0.9],
    ]);

    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.contactId, target.id));
    expect(ticket).toMatchObject({ status: 'open', userId: admin.id, connectionId: source.connectionId, companyId: admin.companyId });
    expect(res.json()).toEqual({ ticketId: ticket.id, uuid: ticket.uuid, count: 3 });
    const forwarded = await ticketMessages(ticket.id);
    expect(forwarded.map((m) => m.body)).toEqual(['terceira', 'primeira', 'segunda']);
    expect(forwarded.every((m) => m.isForwarded && m.fromMe && m.userId === admin.id && m.externalId)).toBe(true);
    expect(
      await t.database.db
        .select()
        .from(ticketLogs)
        .where(and(eq(ticketLogs.ticketId, ticket.id), eq(ticketLogs.type, 'create'))),
    ).toHaveLength(1);
    expect(
      t.sent.some(
        (e) => e.event === `company-${admin.companyId}-ticket` && (e.payload as { ticket?: { id: number } }).ticket?.id === ticket.id,
      ),
    ).toBe(true);
  });

  test("one message per call reuses the contact's open ticket; the signature applies when asked", async () => {
    const { admin, source, a, target, api } = await setup();
    const existing = await mf().ticket(admin.companyId, {
      contactId: target.id,
      connectionId: source.connectionId,
      status: 'open',
      userId: admin.id,
    });
    const res = await api.post('/message/forward', { messageId: a.id, contactId: target.id, signMessage: true });
    expect(res.json().ticketId).toBe(existing.id);
    await t.jobs.drain();
    const [forwarded] = await ticketMessages(existing.id);
    expect(forwarded).toMatchObject({ body: `*${admin.name}:*\nprimeira`, isForwarded: true });
  });

  test('media are forwarded with their file', async () => {
    const { admin, source, target, api } = await setup();
    const photo = await mf().message(source, {
      mediaType: 'image',
      mediaUrl: `/public/company${admin.companyId}/media/x.png`,
      mediaName: 'x.png',
      body: 'legenda',
    });
    const res = await api.post('/message/forward', { messageId: photo.id, contactId: target.id });
    await t.jobs.drain();
    const [forwarded] = await ticketMessages(res.json().ticketId);
    expect(forwarded).toMatchObject({
      mediaType: 'image',
      mediaUrl: photo.mediaUrl,
      mediaName: 'x.png',
      body: 'legenda',
      isForwarded: true,
    });
  });

  test('no selection is a validation error; private or deleted sources are refused', async () => {
    const { source, target, api } = await setup();
    for (const body of [{ contactId: target.id }, { contactId: target.id, messageIds: [] }]) {
      const res = await api.post('/message/forward', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ field: 'messageId', key: 'validation.required' });
    }
    const note = await mf().message(source, { isPrivate: true, fromMe: true });
    const refused = await api.post('/message/forward', { messageIds: [note.id], contactId: target.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].field).toBe('messageIds.0');
    expect(await t.database.db.select().from(tickets).where(eq(tickets.contactId, target.id))).toHaveLength(0);
  });

  test("another company's message or contact and a hidden source ticket: 404", async () => {
    const { admin, a, target } = await setup();
    const stranger = await t.factory.admin();
    const strangerApi = await t.as(stranger);
    const theirContact = await mf().contact(stranger.companyId);
    expect((await strangerApi.post('/message/forward', { messageId: a.id, contactId: theirContact.id })).statusCode).toBe(404);
    const theirMessage = await mf().message(await mf().ticket(stranger.companyId));
    expect((await strangerApi.post('/message/forward', { messageId: theirMessage.id, contactId: target.id })).statusCode).toBe(404);

    const queue = await t.factory.queue(admin.companyId);
    const hidden = await mf().ticket(admin.companyId, { queueId: queue.id, status: 'pending' });
    const secret = await mf().message(hidden);
    const agent = await t.factory.user({ companyId: admin.companyId });
    expect((await (await t.as(agent)).post('/message/forward', { messageId: secret.id, contactId: target.id })).statusCode).toBe(404);
    expect((await t.anon.post('/message/forward', { messageId: a.id, contactId: target.id })).statusCode).toBe(401);
  });
});
