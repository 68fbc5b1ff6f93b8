import { SEARCH_COUNT_CAP, TICKET_COUNT_CAP, TICKET_PAGE_SIZE, type TicketView } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { MESSAGE_PROBE, WIDE_PROBE } from './queries/search';
import { inboxScenario } from './testing';

const t = useTestApp();

interface Bulk {
  companyId: number;
  connectionId: number;
  queueId: number;
  status: 'pending' | 'closed';
  tag: string;
  bodies?: string[];
}

/**
 * `n` tickets (each with its own contact, and one message per body) in a few statements, as a
 * big inbox needs more rows than one insert per row allows. Returns their ids newest first.
 */
async function bulkTickets(n: number, b: Bulk): Promise<number[]> {
  const db = t.database.db;
  const mine: SQL = sql`c.company_id = ${b.companyId} and c.name like ${`${b.tag} %`}`;
  await db.execute(sql`insert into contacts (company_id, name, number)
    select ${b.companyId}, ${b.tag} || ' ' || g, ${b.tag} || lpad(g::text, 6, '0') from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into tickets (company_id, contact_id, connection_id, queue_id, status, updated_at)
    select ${b.companyId}, c.id, ${b.connectionId}, ${b.queueId}, ${b.status}, timestamptz '2025-01-01' + c.id * interval '1 minute'
    from contacts c where ${mine}`);
  for (const body of b.bodies ?? []) {
    await db.execute(sql`insert into messages (company_id, ticket_id, contact_id, body)
      select t.company_id, t.id, t.contact_id, ${body} from tickets t join contacts c on c.id = t.contact_id where ${mine}`);
  }
  const rows = await db.execute(sql`select t.id from tickets t join contacts c on c.id = t.contact_id where ${mine}
    order by t.updated_at desc, t.id desc`);
  return (rows.rows as { id: number | string }[]).map((r) => Number(r.id));
}

/** The second test writes ~9,000 tickets and ~20,000 messages into the embedded database and reads them many ways. */
const BIG_INBOX_TIMEOUT_MS = 120_000;

const pageIds = (res: LightMyRequestResponse) => (res.json().tickets as TicketView[]).map((v) => v.id);

describe('badges stop at the count cap', () => {
  test(`GET /tickets/counts reads more than ${TICKET_COUNT_CAP} waiting tickets as ${TICKET_COUNT_CAP}, as the list's count does`, async () => {
    const { companyId, admin, agent, connection, queueA } = await inboxScenario(t);
    await bulkTickets(TICKET_COUNT_CAP + 5, { companyId, connectionId: connection.id, queueId: queueA.id, status: 'pending', tag: 'Fila' });
    for (const user of [admin, agent]) {
      const api = await t.as(user);
      expect((await api.get('/tickets/counts')).json()).toEqual({ open: 0, pending: TICKET_COUNT_CAP, group: 0 });
      expect((await api.get('/tickets', { status: 'pending' })).json().count).toBe(TICKET_COUNT_CAP);
    }
  });
});

describe('a message search word in more messages than the probes read', () => {
  test(
    'lists exactly the matching tickets newest first, counts them up to the search cap, and honours visibility and filters',
    async () => {
      const { f, companyId, admin, agent, agentB, connection, queueA, queueB } = await inboxScenario(t);
      const inQueueA = { companyId, connectionId: connection.id, queueId: queueA.id, status: 'closed' as const };
      // "boleto": two messages in each of more tickets than even the wide probe reads through.
      const boleto = await bulkTickets(WIDE_PROBE / 2 + 50, {
        ...inQueueA,
        tag: 'Cliente',
        bodies: ['Segue o boleto do mês', 'Paguei o BOLETO ontem'],
      });
      // "fatura": more messages than the first probe reads, fewer than the wide one.
      const fatura = await bulkTickets(MESSAGE_PROBE / 2 + 100, { ...inQueueA, tag: 'Conta', bodies: ['A fatura chegou', 'fatura paga'] });
      expect(boleto.length * 2).toBeGreaterThan(WIDE_PROBE);
      expect(fatura.length * 2).toBeGreaterThan(MESSAGE_PROBE);
      await bulkTickets(30, { ...inQueueA, queueId: queueB.id, tag: 'Outro', bodies: ['nada a ver'] });
      const open = await f.ticket(companyId, { status: 'open', queueId: queueA.id, userId: agent.id, updatedAt: new Date('2020-01-01') });
      await f.message(open, { body: 'o boleto venceu' });
      await f.message(await f.ticket(companyId, { status: 'closed', queueId: queueA.id }), { body: 'boleto apagado', isDeleted: true });

      const search = (word: string) => ({ searchParam: word, searchOnMessages: 'true' });
      const api = await t.as(admin);
      // The fatura tickets were made last, so they are the newest of everything.
      const first = await api.get('/tickets', search('boleto'));
      expect(first.json()).toMatchObject({ count: SEARCH_COUNT_CAP, hasMore: true });
      expect(pageIds(first)).toEqual(boleto.slice(0, TICKET_PAGE_SIZE));
      expect(pageIds(await api.get('/tickets', { ...search('boleto'), pageNumber: '3' }))).toEqual(
        boleto.slice(2 * TICKET_PAGE_SIZE, 3 * TICKET_PAGE_SIZE),
      );
      expect(pageIds(await api.get('/tickets', search('fatura')))).toEqual(fatura.slice(0, TICKET_PAGE_SIZE));
      // Searches stop counting sooner than the tabs: the closed tab holds more than a thousand of these.
      expect((await api.get('/tickets', { status: 'closed' })).json().count).toBe(TICKET_COUNT_CAP);
      expect((await api.get('/tickets', { status: 'closed', searchParam: 'Conta' })).json().count).toBe(SEARCH_COUNT_CAP);
      expect((await api.get('/tickets', { searchParam: 'Conta' })).json().count).toBe(SEARCH_COUNT_CAP);
      expect((await api.get('/tickets')).json().count).toBe(SEARCH_COUNT_CAP);
      // Filters narrow the word's tickets below the cap: the count is exact again, however it is reached.
      const onlyOpen = await api.get('/tickets', { ...search('boleto'), statusFilter: '["open"]' });
      expect(onlyOpen.json()).toMatchObject({ count: 1, hasMore: false });
      expect(pageIds(onlyOpen)).toEqual([open.id]);
      expect((await api.get('/tickets', { ...search('fatura'), statusFilter: '["open"]' })).json()).toMatchObject({
        count: 0,
        tickets: [],
      });
      // The agent of queue A sees the same tickets; the agent of queue B none of them.
      const agentPage = await (await t.as(agent)).get('/tickets', search('boleto'));
      expect(agentPage.json().count).toBe(SEARCH_COUNT_CAP);
      expect(pageIds(agentPage)).toEqual(boleto.slice(0, TICKET_PAGE_SIZE));
      for (const word of ['boleto', 'fatura']) {
        expect((await (await t.as(agentB)).get('/tickets', search(word))).json()).toMatchObject({ count: 0, tickets: [], hasMore: false });
      }
    },
    BIG_INBOX_TIMEOUT_MS,
  );
});
