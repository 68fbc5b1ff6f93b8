import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  connections,
  contacts,
  tags,
  ticketLogs,
  type TicketRow,
  ticketTags,
  ticketTrackings,
  tickets,
  type UserRow,
  userRatings,
  users,
} from '../../db/schema';
import type { TestContext } from '../../test/harness';

const unique = () => randomBytes(5).toString('hex');
let phone = 0;

/** Rows inserted directly, so the dashboard's tests depend on no other feature's commands. */
function rows(db: Db) {
  const f = {
    async connection(companyId: number, over: Partial<typeof connections.$inferInsert> = {}) {
      const token = randomBytes(15).toString('hex');
      const [row] = await db
        .insert(connections)
        .values({ companyId, name: `Conn ${unique()}`, provider: 'simulator', status: 'CONNECTED', token, ...over })
        .returning();
      return row;
    },
    async contact(companyId: number, over: Partial<typeof contacts.$inferInsert> = {}) {
      const number = `55119${String(Date.now() % 1e7).padStart(7, '0')}${String(phone++ % 1000).padStart(3, '0')}`;
      const [row] = await db
        .insert(contacts)
        .values({ companyId, name: `Contact ${unique()}`, number, ...over })
        .returning();
      return row;
    },
    /** A ticket (pending by default) with a fresh contact, and a fresh connection unless given. */
    async ticket(companyId: number, over: Partial<typeof tickets.$inferInsert> = {}): Promise<TicketRow> {
      const contactId = over.contactId ?? (await f.contact(companyId, { isGroup: over.isGroup ?? false })).id;
      const connectionId = over.connectionId === undefined ? (await f.connection(companyId)).id : over.connectionId;
      const [row] = await db
        .insert(tickets)
        .values({ companyId, status: 'pending', ...over, contactId, connectionId })
        .returning();
      return row;
    },
    async tag(companyId: number) {
      const [row] = await db
        .insert(tags)
        .values({ companyId, name: `Tag ${unique()}`, color: '#123456' })
        .returning();
      return row;
    },
    tagTicket: (ticketId: number, tagId: number) => db.insert(ticketTags).values({ ticketId, tagId }),
    rating: (ticket: TicketRow, rate: number) =>
      db.insert(userRatings).values({ companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate }),
  };
  return f;
}

/** A company with an admin, two queues (A with `agent`, B with `agentB`) and a default connection. */
async function inboxScenario(t: TestContext) {
  const f = rows(t.database.db);
  const admin = await t.factory.admin();
  const companyId = admin.companyId;
  const [queueA, queueB] = [await t.factory.queue(companyId), await t.factory.queue(companyId)];
  const agent = await t.factory.user({ companyId });
  const agentB = await t.factory.user({ companyId });
  await t.factory.addUserToQueue(agent.id, queueA.id);
  await t.factory.addUserToQueue(agentB.id, queueB.id);
  const connection = await f.connection(companyId, { isDefault: true });
  /** A user of this company in the given queues. */
  const member = async (queueIds: number[], overrides: Partial<UserRow> = {}) => {
    const user = await t.factory.user({ companyId, ...overrides });
    for (const q of queueIds) await t.factory.addUserToQueue(user.id, q);
    return user;
  };
  return { f, admin, companyId, queueA, queueB, agent, agentB, connection, member };
}

/** A São Paulo wall-clock time (UTC−3 all year since 2019) as a Date. */
export const sp = (local: string) => new Date(`${local}-03:00`);

/**
 * A company with March 2026 activity whose dashboard figures the tests work out by hand.
 * Agents: `agent` (queue A, online) and `agentB` (queue B). Tickets created in March (São Paulo):
 *   T1 open    agent  A  03-05 10:00  attendance: queued 10:00, accepted 10:10 (wait 10)      rating 9  agent-created
 *   T2 closed  agent  A  03-06 09:00  queued 09:00, accepted 09:20 (20), closed 10:20 (60), rated    rating 10
 *   T3 closed  agentB B  03-07 12:00  queued 12:00, accepted 12:30 (30), closed 12:50 (20), asked, no answer
 *   T4 closed  agentB B  03-08 08:00  queued 08:00, accepted 08:00 (0), closed 08:40 (40)    ratings 6 and 8
 *   T5 pending —      A  03-09 15:00  queued 15:00
 *   T6 group   —      —  03-10 11:00
 *   T9 pending —      B  03-31 23:30  (02:30 UTC on April 1st: still March in São Paulo)
 * Outside: T7 closed 02-28 23:30 São Paulo (March 1st in UTC) rated 0, and a ticket of another company.
 * Contacts created in March: two people and a group; one on 02-28 23:00.
 */
export async function marchCompany(t: TestContext) {
  const s = await inboxScenario(t);
  const { f, companyId, agent, agentB, queueA, queueB, connection } = s;
  const db = t.database.db;
  await db.update(companies).set({ timeZone: 'America/Sao_Paulo' }).where(eq(companies.id, companyId));
  await db.update(users).set({ name: 'Ana', online: true }).where(eq(users.id, agent.id));
  await db.update(users).set({ name: 'Bruno', online: false }).where(eq(users.id, agentB.id));
  const connection2 = await f.connection(companyId);

  const ticket = (local: string, over: Partial<TicketRow>) =>
    f.ticket(companyId, { connectionId: connection.id, createdAt: sp(local), updatedAt: sp(local), ...over });
  const track = (tk: TicketRow, times: { queued: string; started?: string; finished?: string; asked?: boolean; rated?: boolean }) =>
    db.insert(ticketTrackings).values({
      companyId,
      ticketId: tk.id,
      userId: tk.userId,
      queueId: tk.queueId,
      queuedAt: sp(times.queued),
      startedAt: times.started ? sp(times.started) : null,
      finishedAt: times.finished ? sp(times.finished) : null,
      ratingAt: times.asked ? sp(times.finished ?? times.queued) : null,
      rated: times.rated ?? false,
    });

  const t1 = await ticket('2026-03-05T10:00:00', { status: 'open', userId: agent.id, queueId: queueA.id, connectionId: connection2.id });
  await track(t1, { queued: '2026-03-05T10:00:00', started: '2026-03-05T10:10:00' });
  await db.insert(ticketLogs).values({ companyId, ticketId: t1.id, userId: agent.id, type: 'create' });
  await f.rating(t1, 9);

  const t2 = await ticket('2026-03-06T09:00:00', { status: 'closed', userId: agent.id, queueId: queueA.id });
  await track(t2, {
    queued: '2026-03-06T09:00:00',
    started: '2026-03-06T09:20:00',
    finished: '2026-03-06T10:20:00',
    asked: true,
    rated: true,
  });
  await db.insert(ticketLogs).values({ companyId, ticketId: t2.id, userId: null, type: 'create' });
  await f.rating(t2, 10);

  const t3 = await ticket('2026-03-07T12:00:00', { status: 'closed', userId: agentB.id, queueId: queueB.id });
  await track(t3, { queued: '2026-03-07T12:00:00', started: '2026-03-07T12:30:00', finished: '2026-03-07T12:50:00', asked: true });

  const t4 = await ticket('2026-03-08T08:00:00', { status: 'closed', userId: agentB.id, queueId: queueB.id });
  await track(t4, { queued: '2026-03-08T08:00:00', started: '2026-03-08T08:00:00', finished: '2026-03-08T08:40:00' });
  await f.rating(t4, 6);
  await f.rating(t4, 8);

  const t5 = await ticket('2026-03-09T15:00:00', { status: 'pending', queueId: queueA.id });
  await track(t5, { queued: '2026-03-09T15:00:00' });
  const t6 = await ticket('2026-03-10T11:00:00', { status: 'group', isGroup: true });
  const t9 = await ticket('2026-03-31T23:30:00', { status: 'pending', queueId: queueB.id });

  const t7 = await ticket('2026-02-28T23:30:00', { status: 'closed', userId: agent.id, queueId: queueA.id });
  await track(t7, { queued: '2026-02-28T23:30:00', started: '2026-02-28T23:31:00', finished: '2026-02-28T23:59:00' });
  await f.rating(t7, 0);

  const other = await inboxScenario(t);
  await other.f.ticket(other.companyId, { status: 'open', userId: other.agent.id, createdAt: sp('2026-03-15T10:00:00') });
  await other.f.contact(other.companyId, { createdAt: sp('2026-03-15T10:00:00') });

  await db.insert(contacts).values([
    { companyId, name: 'Lead 1', number: '5511900000001', createdAt: sp('2026-03-15T10:00:00') },
    { companyId, name: 'Lead 2', number: '5511900000002', createdAt: sp('2026-03-31T23:00:00'), connectionId: connection2.id },
    { companyId, name: 'Grupo', number: '120363000000001', isGroup: true, createdAt: sp('2026-03-15T10:00:00') },
    { companyId, name: 'Antes', number: '5511900000003', createdAt: sp('2026-02-28T23:00:00') },
  ]);
  return { ...s, connection2, tickets: { t1, t2, t3, t4, t5, t6, t7, t9 } };
}

export const MARCH = { date_from: '2026-03-01', date_to: '2026-03-31' };
