import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ticketNotes, ticketTags, tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { inboxScenario } from './testing';

const t = useTestApp();
const db = () => t.database.db;

/** A ticket with a note and a tag in one company, and an admin of another company. */
async function twoCompanies() {
  const home = await inboxScenario(t);
  const ticket = await home.f.ticket(home.companyId, { status: 'open', userId: home.agent.id, queueId: home.queueA.id, unreadMessages: 1 });
  const tag = await home.f.tag(home.companyId);
  await home.f.tagTicket(ticket.id, tag.id);
  const [note] = await db()
    .insert(ticketNotes)
    .values({
      companyId: home.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: home.agent.id,
      note: 'interna',
    })
    .returning();
  const away = await inboxScenario(t);
  return { home, away, ticket, tag, note };
}

describe('tenant isolation', () => {
  test("another company's admin gets 404 for every route that names this company's ticket, note or tag", async () => {
    const { away, ticket, tag, note } = await twoCompanies();
    const api = await t.as(away.admin);
    const ownTag = await away.f.tag(away.companyId);
    const attempts = [
      api.get(`/tickets/${ticket.id}`),
      api.get(`/tickets/u/${ticket.uuid}`),
      api.put(`/tickets/${ticket.id}`, { status: 'closed' }),
      api.put(`/tickets/${ticket.id}`, { isTransfered: true, queueId: away.queueA.id }),
      api.delete(`/tickets/${ticket.id}`),
      api.post(`/tickets/${ticket.id}/read`),
      api.get(`/tickets-log/${ticket.id}`),
      api.post('/ticket-notes', { note: 'intruso', ticketId: ticket.id, contactId: ticket.contactId }),
      api.get('/ticket-notes/list', { ticketId: String(ticket.id) }),
      api.delete(`/ticket-notes/${note.id}`),
      api.put(`/ticket-tags/${ticket.id}/${ownTag.id}`),
      api.delete(`/ticket-tags/${ticket.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    // and nothing changed
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ status: 'open', unreadMessages: 1 });
    expect(
      await db()
        .select({ ticketId: ticketTags.ticketId, tagId: ticketTags.tagId })
        .from(ticketTags)
        .where(eq(ticketTags.ticketId, ticket.id)),
    ).toEqual([{ ticketId: ticket.id, tagId: tag.id }]);
    expect(await db().select().from(ticketNotes).where(eq(ticketNotes.id, note.id))).toHaveLength(1);
  });

  test('lists, counts and close-all never reach another company', async () => {
    const { home, away, ticket } = await twoCompanies();
    const api = await t.as(away.admin);
    for (const status of ['open', 'pending', 'closed', 'group', 'search']) {
      const res = await api.get('/tickets', { status, showAll: 'true' });
      expect(res.json().tickets).toEqual([]);
    }
    expect((await api.get('/tickets', { searchParam: 'Contact', showAll: 'true' })).json().tickets).toEqual([]);
    expect((await api.get('/tickets/counts', { showAll: 'true' })).json()).toEqual({ open: 0, pending: 0, group: 0 });
    await api.post('/tickets/closeAll', { status: 'open', selectedQueueIds: [home.queueA.id] });
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket.id)))[0].status).toBe('open');
  });

  // (a malformed request is refused by its schema first, as on every route; these are well-formed)
  test('every route needs a session', async () => {
    const { ticket, note } = await twoCompanies();
    const attempts = [
      t.anon.get('/tickets'),
      t.anon.get('/tickets/counts'),
      t.anon.get(`/tickets/${ticket.id}`),
      t.anon.get(`/tickets/u/${ticket.uuid}`),
      t.anon.post('/tickets', { contactId: ticket.contactId }),
      t.anon.put(`/tickets/${ticket.id}`, { status: 'closed' }),
      t.anon.delete(`/tickets/${ticket.id}`),
      t.anon.post('/tickets/closeAll', { status: 'open' }),
      t.anon.post(`/tickets/${ticket.id}/read`),
      t.anon.get(`/tickets-log/${ticket.id}`),
      t.anon.post('/ticket-notes', { note: 'nota', ticketId: ticket.id, contactId: ticket.contactId }),
      t.anon.get('/ticket-notes/list', { ticketId: String(ticket.id) }),
      t.anon.delete(`/ticket-notes/${note.id}`),
      t.anon.put(`/ticket-tags/${ticket.id}/1`),
      t.anon.delete(`/ticket-tags/${ticket.id}`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(401);
  });

  test('inside a company, a user who may not see a ticket gets 404 too', async () => {
    const { home, ticket } = await twoCompanies();
    const api = await t.as(home.agentB);
    for (const res of await Promise.all([
      api.get(`/tickets/${ticket.id}`),
      api.put(`/tickets/${ticket.id}`, { status: 'closed' }),
      api.get(`/tickets-log/${ticket.id}`),
      api.get('/ticket-notes/list', { ticketId: String(ticket.id) }),
      api.delete(`/ticket-tags/${ticket.id}`),
    ]))
      expect(res.statusCode).toBe(404);
  });
});
