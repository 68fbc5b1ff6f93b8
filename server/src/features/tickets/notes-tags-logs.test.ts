import type { TicketLogView, TicketNoteView, TicketView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ticketNotes, ticketTags } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { inboxScenario, ticketEvents } from './testing';

const t = useTestApp();
const db = () => t.database.db;

describe('ticket notes', () => {
  test('added by whoever sees the ticket, listed newest first with the author', async () => {
    const { f, companyId, agent, admin, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const api = await t.as(agent);
    const first = await api.post('/ticket-notes', { note: 'Cliente pediu retorno', ticketId: ticket.id, contactId: ticket.contactId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      note: 'Cliente pediu retorno',
      ticketId: ticket.id,
      contactId: ticket.contactId,
      user: { id: agent.id, name: agent.name },
    });
    await (await t.as(admin)).post('/ticket-notes', { note: 'Verificado', ticketId: ticket.id, contactId: ticket.contactId });
    const list = (
      await api.get('/ticket-notes/list', { ticketId: String(ticket.id), contactId: String(ticket.contactId) })
    ).json() as TicketNoteView[];
    expect(list.map((n) => [n.note, n.user?.name])).toEqual([
      ['Verificado', admin.name],
      ['Cliente pediu retorno', agent.name],
    ]);
  });

  test("a note needs 2 characters and the ticket's own contact", async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const api = await t.as(agent);
    expect((await api.post('/ticket-notes', { note: 'a', ticketId: ticket.id, contactId: ticket.contactId })).json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'note', key: 'validation.tooShort', message: 'Muito curto!' }],
    });
    expect((await api.post('/ticket-notes', { note: '  ', ticketId: ticket.id, contactId: ticket.contactId })).json()).toMatchObject({
      fields: [{ field: 'note', key: 'validation.required' }],
    });
    const stranger = await f.contact(companyId);
    expect((await api.post('/ticket-notes', { note: 'ok ok', ticketId: ticket.id, contactId: stranger.id })).json()).toMatchObject({
      fields: [{ field: 'contactId' }],
    });
    expect((await api.get('/ticket-notes/list', {})).statusCode).toBe(400);
  });

  test('deleted by its author or an admin; others get 403', async () => {
    const { f, companyId, agent, admin, queueA, member } = await inboxScenario(t);
    const colleague = await member([queueA.id]);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const note = (
      await (await t.as(agent)).post('/ticket-notes', { note: 'nota', ticketId: ticket.id, contactId: ticket.contactId })
    ).json();
    expect((await (await t.as(colleague)).delete(`/ticket-notes/${note.id}`)).statusCode).toBe(403);
    expect((await (await t.as(agent)).delete(`/ticket-notes/${note.id}`)).statusCode).toBe(200);
    expect(await db().select().from(ticketNotes).where(eq(ticketNotes.id, note.id))).toEqual([]);
    const other = (
      await (await t.as(agent)).post('/ticket-notes', { note: 'outra', ticketId: ticket.id, contactId: ticket.contactId })
    ).json();
    expect((await (await t.as(admin)).delete(`/ticket-notes/${other.id}`)).statusCode).toBe(200);
  });
});

describe('ticket tags', () => {
  test('PUT adds a company tag, DELETE removes them all; lists hear it', async () => {
    const { f, companyId, agent, queueA } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id });
    const [vip, late] = [await f.tag(companyId, { name: 'VIP' }), await f.tag(companyId, { name: 'Atrasado' })];
    const api = await t.as(agent);
    expect(((await api.put(`/ticket-tags/${ticket.id}/${vip.id}`)).json() as TicketView).tags.map((x) => x.name)).toEqual(['VIP']);
    expect(((await api.put(`/ticket-tags/${ticket.id}/${late.id}`)).json() as TicketView).tags.map((x) => x.name)).toEqual([
      'Atrasado',
      'VIP',
    ]);
    expect((await api.put(`/ticket-tags/${ticket.id}/${late.id}`)).statusCode).toBe(200); // twice is once
    const last = ticketEvents(t, companyId, ticket.id).at(-1);
    expect(last?.payload.ticket?.tags).toHaveLength(2);
    expect(((await api.delete(`/ticket-tags/${ticket.id}`)).json() as TicketView).tags).toEqual([]);
    expect(await db().select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id))).toEqual([]);
  });

  test("another company's tag is unknown", async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    const stranger = await inboxScenario(t);
    const ticket = await f.ticket(companyId);
    const foreignTag = await stranger.f.tag(stranger.companyId);
    expect((await (await t.as(admin)).put(`/ticket-tags/${ticket.id}/${foreignTag.id}`)).statusCode).toBe(404);
    expect(await db().select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id))).toEqual([]);
  });
});

describe('ticket log', () => {
  test("the timeline with user and queue names, oldest first; opening someone else's ticket is logged once", async () => {
    const { f, companyId, agent, admin, queueA, agentB, queueB } = await inboxScenario(t);
    const ticket = await f.ticket(companyId, { queueId: queueA.id });
    const api = await t.as(agent);
    await api.put(`/tickets/${ticket.id}`, { status: 'open', userId: agent.id });
    await api.get(`/tickets/u/${ticket.uuid}`); // the owner: no access entry
    const adminApi = await t.as(admin);
    await adminApi.get(`/tickets/u/${ticket.uuid}`);
    await adminApi.get(`/tickets/u/${ticket.uuid}`);
    await api.put(`/tickets/${ticket.id}`, { isTransfered: true, queueId: queueB.id, userId: agentB.id });
    const logs = (await adminApi.get(`/tickets-log/${ticket.id}`)).json() as TicketLogView[];
    expect(logs.map((l) => [l.type, l.user?.name, l.queue?.name])).toEqual([
      ['open', agent.name, queueA.name],
      ['access', admin.name, queueA.name],
      ['transfered', agent.name, queueB.name],
      ['receivedTransfer', agentB.name, queueB.name],
    ]);
    expect(Date.parse(logs[0].createdAt)).not.toBeNaN();
  });

  test('GET /tickets/u/{uuid}: the ticket by uuid; malformed or hidden is not found', async () => {
    const { f, companyId, agent, queueA, queueB } = await inboxScenario(t);
    const mine = await f.ticket(companyId, { queueId: queueA.id });
    const hidden = await f.ticket(companyId, { queueId: queueB.id });
    const api = await t.as(agent);
    expect((await api.get(`/tickets/u/${mine.uuid}`)).json()).toMatchObject({ id: mine.id, uuid: mine.uuid });
    expect((await api.get(`/tickets/u/${hidden.uuid}`)).json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect((await api.get('/tickets/u/undefined')).statusCode).toBe(400);
    expect((await api.get(`/tickets-log/${hidden.id}`)).statusCode).toBe(404);
  });
});
