import type { TicketView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ticketLogs, ticketTrackings, tickets, users } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { inboxScenario, ticketEvents } from './testing';

const t = useTestApp();

describe('POST /tickets', () => {
  test('opens a ticket for the caller on the default connection, logs and tracks it, tells its audience', async () => {
    const { f, companyId, agent, queueA, connection } = await inboxScenario(t);
    const contact = await f.contact(companyId);
    const res = await (await t.as(agent)).post('/tickets', {
      contactId: contact.id,
      queueId: queueA.id,
      userId: agent.id,
      status: 'open',
      companyId: 999,
    });
    expect(res.statusCode).toBe(200);
    const view = res.json() as TicketView;
    expect(view).toMatchObject({ status: 'open', userId: agent.id, queueId: queueA.id, contactId: contact.id, whatsappId: connection.id });
    expect(view.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, view.id));
    expect(row.companyId).toBe(companyId);
    const logs = await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, view.id));
    expect(logs.map((l) => [l.type, l.userId])).toEqual([['create', agent.id]]);
    const [tracking] = await t.database.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, view.id));
    expect(tracking).toMatchObject({ userId: agent.id, queueId: queueA.id });
    expect(tracking.startedAt).not.toBeNull();
    const [event] = ticketEvents(t, companyId, view.id);
    expect(event.payload).toMatchObject({ action: 'update', ticket: { id: view.id } });
    expect(event.room).toEqual(['admins', `user:${agent.id}`, `queue:${queueA.id}`]);
  });

  test("the chosen connection, else the user's default connection, is used", async () => {
    const { f, companyId, agent, admin, queueA } = await inboxScenario(t);
    const chosen = await f.connection(companyId);
    const api = await t.as(admin);
    const one = await api.post('/tickets', { contactId: (await f.contact(companyId)).id, queueId: queueA.id, whatsappId: chosen.id });
    expect(one.json().whatsappId).toBe(chosen.id);
    const usersOwn = await f.connection(companyId);
    await t.database.db.update(users).set({ whatsappId: usersOwn.id }).where(eq(users.id, agent.id));
    const two = await (await t.as(agent)).post('/tickets', { contactId: (await f.contact(companyId)).id, queueId: queueA.id });
    expect(two.json().whatsappId).toBe(usersOwn.id);
  });

  test('status pending leaves the new ticket waiting in its queue, with no user', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const res = await (await t.as(agent)).post('/tickets', {
      contactId: (await f.contact(companyId)).id,
      queueId: queueA.id,
      status: 'pending',
    });
    expect(res.json()).toMatchObject({ status: 'pending', userId: null, queueId: queueA.id });
    expect(ticketEvents(t, companyId, res.json().id)[0].room).toEqual(['admins', `queue:${queueA.id}`]);
  });

  test('a queue is required once the company has queues; not before', async () => {
    const { f, companyId, agent } = await inboxScenario(t);
    const res = await (await t.as(agent)).post('/tickets', { contactId: (await f.contact(companyId)).id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'queueId', key: 'validation.required', message: 'Obrigatório' }],
    });

    const lonely = await t.factory.admin();
    await f.connection(lonely.companyId, { isDefault: true });
    const ok = await (await t.as(lonely)).post('/tickets', { contactId: (await f.contact(lonely.companyId)).id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().queueId).toBeNull();
  });

  test('without a default connection: ERR_NO_DEF_WAPP_FOUND', async () => {
    const admin = await t.factory.admin();
    const { f } = await inboxScenario(t);
    const res = await (await t.as(admin)).post('/tickets', { contactId: (await f.contact(admin.companyId)).id });
    expect(res.json()).toEqual({ error: 'ERR_NO_DEF_WAPP_FOUND' });
  });

  test('a contact with an active ticket on the connection: 409 with the holder and queue', async () => {
    const { f, companyId, agent, agentB, queueB, connection } = await inboxScenario(t);
    const contact = await f.contact(companyId);
    const existing = await f.ticket(companyId, {
      contactId: contact.id,
      connectionId: connection.id,
      status: 'open',
      userId: agentB.id,
      queueId: queueB.id,
    });
    const res = await (await t.as(agent)).post('/tickets', { contactId: contact.id, queueId: queueB.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      ticket: {
        id: existing.id,
        uuid: existing.uuid,
        userId: agentB.id,
        status: 'open',
        user: { name: agentB.name },
        queue: { name: queueB.name },
      },
    });
    // a closed ticket is no obstacle, and another connection is another conversation
    await t.database.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, existing.id));
    expect((await (await t.as(agent)).post('/tickets', { contactId: contact.id, queueId: queueB.id })).statusCode).toBe(200);
  });

  test('two simultaneous creations for one contact make one ticket; the others get 409', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const contact = await f.contact(companyId);
    const api = await t.as(agent);
    const results = await Promise.all([1, 2, 3].map(() => api.post('/tickets', { contactId: contact.id, queueId: queueA.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [made] = results.filter((r) => r.statusCode === 200).map((r) => r.json());
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: made.id } });
    }
    expect(await t.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toHaveLength(1);
  });

  test("validation and other companies' ids", async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const stranger = await inboxScenario(t);
    const api = await t.as(agent);
    expect((await api.post('/tickets', {})).json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'contactId' }] });
    expect((await api.post('/tickets', { contactId: 'abc' })).statusCode).toBe(400);
    const foreignContact = await stranger.f.contact(stranger.companyId);
    expect((await api.post('/tickets', { contactId: foreignContact.id, queueId: queueA.id })).json()).toEqual({
      error: 'ERR_NO_CONTACT_FOUND',
    });
    const contact = await f.contact(companyId);
    expect((await api.post('/tickets', { contactId: contact.id, queueId: stranger.queueA.id })).statusCode).toBe(404);
    expect((await api.post('/tickets', { contactId: contact.id, queueId: queueA.id, whatsappId: stranger.connection.id })).json()).toEqual({
      error: 'ERR_NO_WAPP_FOUND',
    });
    expect(await t.database.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toHaveLength(0);
  });
});
