import { TICKET_PAGE_SIZE, type TicketView } from '@chatflow/contract';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { idsOf, inboxScenario, sorted } from './testing';

const t = useTestApp();

describe('search', () => {
  test('by contact name (any case) or number; message bodies only with searchOnMessages', async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    const byName = await f.ticket(companyId, { contactId: (await f.contact(companyId, { name: 'Mariana Souza' })).id });
    const byNumber = await f.ticket(companyId, { contactId: (await f.contact(companyId, { number: '5521987650001' })).id });
    const byMessage = await f.ticket(companyId);
    await f.message(byMessage, { body: 'O boleto da mariana venceu ontem' });
    const api = await t.as(admin);
    expect(idsOf(await api.get('/tickets', { searchParam: 'MARIANA' }))).toEqual([byName.id]);
    expect(idsOf(await api.get('/tickets', { searchParam: '98765' }))).toEqual([byNumber.id]);
    expect(idsOf(await api.get('/tickets', { searchParam: 'mariana', searchOnMessages: 'true' }))).toEqual(
      sorted([byName.id, byMessage.id]),
    );
    expect(idsOf(await api.get('/tickets', { searchParam: 'boleto', searchOnMessages: 'false' }))).toEqual([]);
    expect(idsOf(await api.get('/tickets', { searchParam: 'boleto', searchOnMessages: 'true' }))).toEqual([byMessage.id]);
  });

  test('message search stays in the company, skips deleted messages, and needs three characters', async () => {
    const mine = await inboxScenario(t);
    const theirs = await inboxScenario(t);
    const ticket = await mine.f.ticket(mine.companyId);
    await mine.f.message(ticket, { body: 'xq' });
    await mine.f.message(await mine.f.ticket(mine.companyId), { body: 'segredo apagado', isDeleted: true });
    await theirs.f.message(await theirs.f.ticket(theirs.companyId), { body: 'palavra única zebra' });
    const api = await t.as(mine.admin);
    expect(idsOf(await api.get('/tickets', { searchParam: 'zebra', searchOnMessages: 'true' }))).toEqual([]);
    expect(idsOf(await api.get('/tickets', { searchParam: 'segredo', searchOnMessages: 'true' }))).toEqual([]);
    expect(idsOf(await api.get('/tickets', { searchParam: 'xq', searchOnMessages: 'true' }))).toEqual([]);
  });

  test('wildcards are searched as characters', async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    const percent = await f.ticket(companyId, { contactId: (await f.contact(companyId, { name: 'Loja 50% off' })).id });
    await f.ticket(companyId, { contactId: (await f.contact(companyId, { name: 'Loja 500 off' })).id });
    expect(idsOf(await (await t.as(admin)).get('/tickets', { searchParam: '50%' }))).toEqual([percent.id]);
  });
});

describe('filters', () => {
  test('tags (every one given), as JSON or repeated parameters', async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    const [red, blue] = [await f.tag(companyId), await f.tag(companyId)];
    const both = await f.ticket(companyId);
    const onlyRed = await f.ticket(companyId);
    await f.ticket(companyId);
    await f.tagTicket(both.id, red.id);
    await f.tagTicket(both.id, blue.id);
    await f.tagTicket(onlyRed.id, red.id);
    const api = await t.as(admin);
    expect(idsOf(await api.get('/tickets', { tags: JSON.stringify([red.id]) }))).toEqual(sorted([both.id, onlyRed.id]));
    expect(idsOf(await api.get('/tickets', { tags: JSON.stringify([red.id, blue.id]) }))).toEqual([both.id]);
    const repeated = await api.inject({ method: 'GET', url: `/tickets?tags=${red.id}&tags=${blue.id}` });
    expect(idsOf(repeated)).toEqual([both.id]);
    const view = (await api.get(`/tickets/${both.id}`)).json() as TicketView;
    expect(view.tags.map((x) => x.id).sort()).toEqual(sorted([red.id, blue.id]));
  });

  test('users (admin only), connections, status filter, unread only', async () => {
    const { f, companyId, admin, agent, queueA } = await inboxScenario(t);
    const other = await f.connection(companyId);
    const agentsOpen = await f.ticket(companyId, { status: 'open', userId: agent.id, queueId: queueA.id, unreadMessages: 2 });
    const onOther = await f.ticket(companyId, { connectionId: other.id, queueId: queueA.id });
    const closed = await f.ticket(companyId, { status: 'closed', queueId: queueA.id, userId: admin.id });
    const api = await t.as(admin);
    expect(idsOf(await api.get('/tickets', { users: `[${agent.id}]` }))).toEqual([agentsOpen.id]);
    expect(idsOf(await api.get('/tickets', { whatsapps: `[${other.id}]` }))).toEqual([onOther.id]);
    expect(idsOf(await api.get('/tickets', { statusFilter: '["closed"]' }))).toEqual([closed.id]);
    expect(idsOf(await api.get('/tickets', { statusFilter: '["closed","open"]' }))).toEqual(sorted([agentsOpen.id, closed.id]));
    expect(idsOf(await api.get('/tickets', { withUnreadMessages: 'true' }))).toEqual([agentsOpen.id]);
    // a user's list is not filtered by user (the filter is the admin's)
    const agentApi = await t.as(agent);
    expect(idsOf(await agentApi.get('/tickets', { status: 'pending', users: `[${admin.id}]` }))).toEqual([onOther.id]);
  });

  test('date and updatedAt are days in the company time zone', async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC-3)
    const lateNight = await f.ticket(companyId, {
      createdAt: new Date('2025-03-10T02:30:00Z'),
      updatedAt: new Date('2025-03-12T15:00:00Z'),
    });
    const morning = await f.ticket(companyId, { createdAt: new Date('2025-03-10T12:00:00Z'), updatedAt: new Date('2025-03-10T12:00:00Z') });
    const api = await t.as(admin);
    expect(idsOf(await api.get('/tickets', { date: '2025-03-09' }))).toEqual([lateNight.id]);
    expect(idsOf(await api.get('/tickets', { date: '2025-03-10' }))).toEqual([morning.id]);
    expect(idsOf(await api.get('/tickets', { updatedAt: '2025-03-12' }))).toEqual([lateNight.id]);
    const bad = await api.get('/tickets', { date: '10/03/2025' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'date', key: 'validation.invalid' });
  });

  test('bad parameters are 400 with the field', async () => {
    const { admin } = await inboxScenario(t);
    const api = await t.as(admin);
    expect((await api.get('/tickets', { status: 'bogus' })).json()).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: [{ field: 'status' }],
    });
    expect((await api.get('/tickets', { queueIds: '[1,"x"]' })).statusCode).toBe(400);
    expect((await api.get('/tickets', { pageNumber: '0' })).statusCode).toBe(400);
    expect((await api.get('/tickets', { sortTickets: 'sideways' })).statusCode).toBe(400);
  });
});

describe('order, pages and counts', () => {
  test('pending sorts by updatedAt both ways; closed always newest first', async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 12, minute));
    const [a, b, c] = [
      await f.ticket(companyId, { updatedAt: at(1) }),
      await f.ticket(companyId, { updatedAt: at(3) }),
      await f.ticket(companyId, { updatedAt: at(2) }),
    ];
    const [x, y] = [
      await f.ticket(companyId, { status: 'closed', updatedAt: at(1) }),
      await f.ticket(companyId, { status: 'closed', updatedAt: at(2) }),
    ];
    const api = await t.as(admin);
    const order = async (q: Record<string, string>) => ((await api.get('/tickets', q)).json().tickets as TicketView[]).map((v) => v.id);
    expect(await order({ status: 'pending' })).toEqual([b.id, c.id, a.id]);
    expect(await order({ status: 'pending', sortTickets: 'ASC' })).toEqual([a.id, c.id, b.id]);
    expect(await order({ status: 'pending', sortTickets: 'asc' })).toEqual([a.id, c.id, b.id]);
    expect(await order({ status: 'closed', sortTickets: 'ASC' })).toEqual([y.id, x.id]);
  });

  test(`pages of ${TICKET_PAGE_SIZE} with hasMore and the count`, async () => {
    const { f, companyId, admin } = await inboxScenario(t);
    const connection = await f.connection(companyId);
    for (let i = 0; i <= TICKET_PAGE_SIZE; i++) await f.ticket(companyId, { connectionId: connection.id });
    const api = await t.as(admin);
    const first = (await api.get('/tickets', { status: 'pending' })).json();
    expect(first).toMatchObject({ count: TICKET_PAGE_SIZE + 1, hasMore: true });
    expect(first.tickets).toHaveLength(TICKET_PAGE_SIZE);
    const second = (await api.get('/tickets', { status: 'pending', pageNumber: '2' })).json();
    expect(second).toMatchObject({ count: TICKET_PAGE_SIZE + 1, hasMore: false });
    expect(second.tickets).toHaveLength(1);
    const seen = new Set([...first.tickets, ...second.tickets].map((v: TicketView) => v.id));
    expect(seen.size).toBe(TICKET_PAGE_SIZE + 1);
  });

  test("GET /tickets/counts gives each tab's badge with the list's own rules", async () => {
    const { f, companyId, agent, admin, queueA, queueB, member } = await inboxScenario(t);
    const colleague = await member([queueA.id]);
    await f.ticket(companyId, { queueId: queueA.id });
    await f.ticket(companyId, { queueId: queueA.id });
    await f.ticket(companyId, { queueId: queueB.id });
    await f.ticket(companyId, { status: 'open', queueId: queueA.id, userId: agent.id });
    await f.ticket(companyId, { status: 'open', queueId: queueA.id, userId: colleague.id });
    await f.ticket(companyId, { status: 'group', isGroup: true });
    await f.ticket(companyId, { status: 'closed', queueId: queueA.id, userId: agent.id });
    expect((await (await t.as(agent)).get('/tickets/counts')).json()).toEqual({ open: 1, pending: 2, group: 0 });
    const adminApi = await t.as(admin);
    expect((await adminApi.get('/tickets/counts')).json()).toEqual({ open: 0, pending: 3, group: 0 });
    expect((await adminApi.get('/tickets/counts', { showAll: 'true', queueIds: `[${queueA.id}]` })).json()).toEqual({
      open: 2,
      pending: 2,
      group: 0,
    });
    const grouper = await t.as(await member([queueA.id], { allowGroup: true }));
    expect((await grouper.get('/tickets/counts')).json()).toEqual({ open: 0, pending: 2, group: 1 });
    // the list's count agrees with the badge
    expect((await adminApi.get('/tickets', { status: 'pending' })).json().count).toBe(3);
  });
});

describe('what a ticket shows', () => {
  test('the latest rating, and numbers masked for users when lgpdHideNumber is on', async () => {
    const { f, companyId, admin, agent, queueA } = await inboxScenario(t);
    const contact = await f.contact(companyId, { number: '5511987654321' });
    const ticket = await f.ticket(companyId, { status: 'closed', queueId: queueA.id, userId: agent.id, contactId: contact.id });
    await f.rating(ticket, 2, new Date(Date.now() - 60_000));
    await f.rating(ticket, 5);
    await f.setting(companyId, 'lgpdHideNumber', 'enabled');
    const asAgent = (await (await t.as(agent)).get(`/tickets/${ticket.id}`)).json() as TicketView;
    expect(asAgent.userRating).toEqual({ rate: 5 });
    expect(asAgent.contact.number).toBe('***********21');
    expect(asAgent.user).toEqual({ id: agent.id, name: agent.name });
    expect(asAgent.queue).toEqual({ id: queueA.id, name: queueA.name, color: queueA.color });
    const asAdmin = (await (await t.as(admin)).get('/tickets', { status: 'closed' })).json().tickets[0] as TicketView;
    expect(asAdmin.contact.number).toBe('5511987654321');
  });
});
