import type { ContactTicketPage } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { tickets } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { CONTACT_TICKETS_PAGE_SIZE } from './queries/contact-tickets';
import { inboxScenario } from './testing';

const t = useTestApp();

test("GET /contacts/{id}/tickets: the contact drawer's past tickets, newest first, paged, each as the inbox shows it (issue 31)", async () => {
  const s = await inboxScenario(t);
  const contact = await s.f.contact(s.companyId);
  const made = [];
  for (let i = 0; i < CONTACT_TICKETS_PAGE_SIZE + 2; i++) {
    const ticket = await s.f.ticket(s.companyId, { contactId: contact.id, status: 'closed', queueId: s.queueA.id, userId: s.agent.id });
    await t.database.db
      .update(tickets)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
      .where(eq(tickets.id, ticket.id));
    made.push(ticket);
  }
  await s.f.rating(made.at(-1)!, 5);
  const elsewhere = await s.f.ticket(s.companyId); // another contact's ticket: never listed

  const api = await s.as(s.admin);
  const first = (await api.get(`/contacts/${contact.id}/tickets`)).json() as ContactTicketPage;
  expect(first.hasMore).toBe(true);
  expect(first.tickets.map((x) => x.id)).toEqual(
    made
      .map((x) => x.id)
      .reverse()
      .slice(0, CONTACT_TICKETS_PAGE_SIZE),
  );
  expect(first.tickets[0]).toMatchObject({
    status: 'closed',
    queue: { id: s.queueA.id },
    userRating: { rate: 5 },
    createdAt: '2026-01-12T00:00:00.000Z',
  });
  const second = (await api.get(`/contacts/${contact.id}/tickets?pageNumber=2`)).json() as ContactTicketPage;
  expect(second).toMatchObject({ hasMore: false });
  expect(second.tickets.map((x) => x.id)).toEqual([made[1].id, made[0].id]);
  expect([...first.tickets, ...second.tickets].map((x) => x.id)).not.toContain(elsewhere.id);
});

test('a user sees only the tickets the inbox lets them see; another company gets 404', async () => {
  const s = await inboxScenario(t);
  const contact = await s.f.contact(s.companyId);
  const inA = await s.f.ticket(s.companyId, { contactId: contact.id, status: 'closed', queueId: s.queueA.id, userId: s.agentB.id });
  const inB = await s.f.ticket(s.companyId, { contactId: contact.id, status: 'closed', queueId: s.queueB.id, userId: s.agentB.id });
  const mineInB = await s.f.ticket(s.companyId, { contactId: contact.id, status: 'closed', queueId: s.queueB.id, userId: s.agent.id });
  const ids = async (user: typeof s.agent) =>
    ((await (await s.as(user)).get(`/contacts/${contact.id}/tickets`)).json() as ContactTicketPage).tickets
      .map((x) => x.id)
      .sort((a, b) => a - b);
  const byId = (list: number[]) => [...list].sort((a, b) => a - b);
  // The agent belongs to queue A: its tickets (another agent's too), and their own in queue B; not others' in queue B.
  expect(await ids(s.agent)).toEqual(byId([inA.id, mineInB.id]));
  // The other agent: queue B's tickets, and their own in queue A.
  expect(await ids(s.agentB)).toEqual(byId([inA.id, inB.id, mineInB.id]));

  const stranger = await t.factory.admin();
  const res = await (await t.as(stranger)).get(`/contacts/${contact.id}/tickets`);
  expect(res.statusCode).toBe(404);
  expect(res.json().error).toBe('ERR_NO_CONTACT_FOUND');
  expect((await t.anon.get(`/contacts/${contact.id}/tickets`)).statusCode).toBe(401);
});
