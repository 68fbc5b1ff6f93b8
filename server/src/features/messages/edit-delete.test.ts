import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, simulatorOutbox } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { messageFactory } from './testing';

const t = useTestApp();
const mf = () => messageFactory(t.database.db);
const row = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
const outboxOf = async (externalId: string) =>
  (await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.externalId, externalId)))[0];

async function setup() {
  const admin = await t.factory.admin();
  const ticket = await mf().ticket(admin.companyId, { userId: admin.id });
  const api = await t.as(admin);
  return { admin, ticket, api };
}

/** A message sent through the API and delivered by the simulator (it has an external id). */
async function sent(api: Awaited<ReturnType<typeof t.as>>, ticketId: number, body = 'original') {
  const res = await api.post(`/messages/${ticketId}`, { body });
  await t.jobs.drain();
  expect(t.jobs.errors).toEqual([]);
  return row(res.json().id);
}

describe('POST /messages/edit/:id', () => {
  test('edits an own message within 15 minutes, tells the room and the provider', async () => {
    const { admin, ticket, api } = await setup();
    const message = await sent(api, ticket.id);
    expect(message.externalId).toBeTruthy();
    const res = await api.post(`/messages/edit/${message.id}`, { body: 'corrigido' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: message.id, body: 'corrigido', isEdited: true });
    expect(await row(message.id)).toMatchObject({ body: 'corrigido', isEdited: true });
    const update = t.sent.findLast((e) => e.event === `company-${admin.companyId}-appMessage`);
    expect(update?.payload).toMatchObject({ action: 'update', message: { id: message.id, isEdited: true } });
    expect(update?.room).toContain(`chatbox:${ticket.uuid}`);
    await t.jobs.drain(); // the provider is told by a job (on the session's holder)
    expect(await outboxOf(message.externalId as string)).toMatchObject({ body: 'corrigido', isEdited: true });
  });

  test("after 15 minutes, someone else's message or a received one: 403", async () => {
    const { admin, ticket, api } = await setup();
    const old = await sent(api, ticket.id);
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(messages.id, old.id));
    const late = await api.post(`/messages/edit/${old.id}`, { body: 'tarde' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe('ERR_NO_PERMISSION');
    expect((await row(old.id)).body).toBe('original');

    const colleague = await t.factory.admin({ companyId: admin.companyId });
    const theirs = await mf().message(ticket, { fromMe: true, userId: colleague.id });
    expect((await api.post(`/messages/edit/${theirs.id}`, { body: 'x' })).statusCode).toBe(403);
    const received = await mf().message(ticket, { fromMe: false });
    expect((await api.post(`/messages/edit/${received.id}`, { body: 'x' })).statusCode).toBe(403);
  });

  test('a message of another company or of a hidden ticket is not found; an empty text is invalid', async () => {
    const { ticket, api } = await setup();
    const mine = await sent(api, ticket.id);
    expect((await api.post(`/messages/edit/${mine.id}`, { body: '  ' })).json().fields[0]).toMatchObject({
      field: 'body',
      key: 'validation.required',
    });

    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).post(`/messages/edit/${mine.id}`, { body: 'x' })).statusCode).toBe(404);

    const admin = await t.factory.admin();
    const queue = await t.factory.queue(admin.companyId);
    const agent = await t.factory.user({ companyId: admin.companyId });
    const hidden = await mf().ticket(admin.companyId, { queueId: queue.id });
    const own = await mf().message(hidden, { fromMe: true, userId: agent.id });
    expect((await (await t.as(agent)).post(`/messages/edit/${own.id}`, { body: 'x' })).statusCode).toBe(404);
  });

  test('a provider that cannot apply the edit leaves it local', async () => {
    const admin = await t.factory.admin();
    // No provider runs 'beta' connections in this build: the registry refuses, the edit stays.
    const connection = await mf().connection(admin.companyId, { provider: 'beta' });
    const ticket = await mf().ticket(admin.companyId, { userId: admin.id, connectionId: connection.id });
    const message = await mf().message(ticket, { fromMe: true, userId: admin.id, externalId: 'WA-1' });
    const res = await (await t.as(admin)).post(`/messages/edit/${message.id}`, { body: 'só aqui' });
    expect(res.statusCode).toBe(200);
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    expect(await row(message.id)).toMatchObject({ body: 'só aqui', isEdited: true });
  });
});

describe('DELETE /messages/:id', () => {
  test("deletes an own message: marked, announced and removed from the customer's phone", async () => {
    const { admin, ticket, api } = await setup();
    const message = await sent(api, ticket.id);
    const res = await api.delete(`/messages/${message.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: message.id, isDeleted: true });
    expect((await row(message.id)).isDeleted).toBe(true);
    // The update the conversation shows ("Essa mensagem foi apagada"), then the spec's appMessage delete, to the same rooms.
    const [update, deleted] = t.sent.filter((e) => e.event === `company-${admin.companyId}-appMessage`).slice(-2);
    expect(update.payload).toMatchObject({ action: 'update', message: { id: message.id, isDeleted: true } });
    expect(deleted.payload).toEqual({ action: 'delete', messageId: message.id, ticketId: ticket.id });
    expect(deleted.room).toEqual(update.room);
    await t.jobs.drain();
    expect((await outboxOf(message.externalId as string)).isDeleted).toBe(true);
    // Deleting again changes nothing.
    expect((await api.delete(`/messages/${message.id}`)).statusCode).toBe(200);
    // A deleted message cannot be edited.
    expect((await api.post(`/messages/edit/${message.id}`, { body: 'volta' })).statusCode).toBe(403);
  });

  test('a delete WhatsApp refuses is marked on the message, live (issue 31)', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    // The channel's error: no provider runs 'beta' connections in this build, so the registry refuses.
    const connection = await mf().connection(admin.companyId, { provider: 'beta' });
    const ticket = await mf().ticket(admin.companyId, { userId: admin.id, connectionId: connection.id });
    const refused = await mf().message(ticket, { fromMe: true, userId: admin.id, externalId: 'WA-DEL-1' });
    expect((await api.delete(`/messages/${refused.id}`)).statusCode).toBe(200);
    await t.jobs.drain();
    expect(t.jobs.errors).toEqual([]);
    expect(await row(refused.id)).toMatchObject({ isDeleted: true, sendError: 'ERR_DELETE_WAPP_MSG' });
    const marked = t.sent.findLast((e) => e.event === `company-${admin.companyId}-appMessage`);
    expect(marked?.payload).toMatchObject({
      action: 'update',
      message: { id: refused.id, isDeleted: true, sendError: 'ERR_DELETE_WAPP_MSG' },
    });
    expect(marked?.room).toContain(`chatbox:${ticket.uuid}`);

    // Too old to delete for everyone (over 60 hours): never asked for, marked at once.
    const live = await setup();
    const old = await sent(live.api, live.ticket.id);
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 61 * 3600_000) })
      .where(eq(messages.id, old.id));
    expect((await live.api.delete(`/messages/${old.id}`)).statusCode).toBe(200);
    await t.jobs.drain();
    expect(await row(old.id)).toMatchObject({ isDeleted: true, sendError: 'ERR_DELETE_WAPP_MSG' });
    expect((await outboxOf(old.externalId as string)).isDeleted).toBe(false);
  });

  test("someone else's or a received message: 403; another company: 404", async () => {
    const { admin, ticket, api } = await setup();
    const colleague = await t.factory.user({ companyId: admin.companyId });
    const theirs = await mf().message(ticket, { fromMe: true, userId: colleague.id });
    expect((await api.delete(`/messages/${theirs.id}`)).statusCode).toBe(403);
    const received = await mf().message(ticket);
    expect((await api.delete(`/messages/${received.id}`)).statusCode).toBe(403);
    expect((await row(received.id)).isDeleted).toBe(false);

    const stranger = await t.factory.admin();
    expect((await (await t.as(stranger)).delete(`/messages/${received.id}`)).statusCode).toBe(404);
    expect((await t.anon.delete(`/messages/${received.id}`)).statusCode).toBe(401);
  });
});
