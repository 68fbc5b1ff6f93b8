import { randomBytes } from 'node:crypto';
import type { TicketView } from '@chatflow/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import {
  type ConnectionRow,
  connections,
  type ContactRow,
  contacts,
  type MessageRow,
  messages,
  type TagRow,
  tags,
  type TicketRow,
  ticketTags,
  tickets,
  userRatings,
  type UserRow,
} from '../../db/schema';
import { setCompanySetting } from '../settings';
import type { TestContext } from '../../test/harness';

const unique = () => randomBytes(5).toString('hex');
let phone = 0;
const nextNumber = () => `55119${String(Date.now() % 1e7).padStart(7, '0')}${String(phone++ % 1000).padStart(3, '0')}`;

/**
 * Rows of the inbox inserted directly, so ticket tests do not depend on the inbound pipeline.
 * Each call makes fresh rows in the given company.
 */
export function ticketFactory(db: Db) {
  const f = {
    async connection(companyId: number, overrides: Partial<typeof connections.$inferInsert> = {}): Promise<ConnectionRow> {
      const [row] = await db
        .insert(connections)
        .values({
          companyId,
          name: `Conn ${unique()}`,
          provider: 'simulator',
          status: 'CONNECTED',
          token: randomBytes(15).toString('hex'),
          ...overrides,
        })
        .returning();
      return row;
    },
    async contact(companyId: number, overrides: Partial<typeof contacts.$inferInsert> = {}): Promise<ContactRow> {
      const [row] = await db
        .insert(contacts)
        .values({ companyId, name: `Contact ${unique()}`, number: nextNumber(), ...overrides })
        .returning();
      return row;
    },
    /** A ticket (pending by default) with a fresh contact and connection unless given. */
    async ticket(companyId: number, overrides: Partial<typeof tickets.$inferInsert> = {}): Promise<TicketRow> {
      const contactId = overrides.contactId ?? (await f.contact(companyId, { isGroup: overrides.isGroup ?? false })).id;
      const connectionId = overrides.connectionId === undefined ? (await f.connection(companyId)).id : overrides.connectionId;
      const [row] = await db
        .insert(tickets)
        .values({ companyId, status: 'pending', ...overrides, contactId, connectionId })
        .returning();
      return row;
    },
    async message(ticket: TicketRow, overrides: Partial<typeof messages.$inferInsert> = {}): Promise<MessageRow> {
      const [row] = await db
        .insert(messages)
        .values({
          companyId: ticket.companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          connectionId: ticket.connectionId,
          externalId: unique(),
          body: 'hello',
          ...overrides,
        })
        .returning();
      return row;
    },
    async tag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}): Promise<TagRow> {
      const [row] = await db
        .insert(tags)
        .values({ companyId, name: `Tag ${unique()}`, color: '#123456', ...overrides })
        .returning();
      return row;
    },
    async tagTicket(ticketId: number, tagId: number) {
      await db.insert(ticketTags).values({ ticketId, tagId });
    },
    async rating(ticket: TicketRow, rate: number, createdAt = new Date()) {
      await db.insert(userRatings).values({ companyId: ticket.companyId, ticketId: ticket.id, userId: ticket.userId, rate, createdAt });
    },
    setting: (companyId: number, key: string, value: string) => setCompanySetting(db, companyId, key, value),
  };
  return f;
}

/**
 * A company as ticket tests need it: an admin, two queues (A with `agent`, B with `agentB`), a
 * default connection. Everything else is made per test with `f` (rows inserted directly).
 */
export async function inboxScenario(t: TestContext) {
  const f = ticketFactory(t.database.db);
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
  return { f, admin, companyId, queueA, queueB, agent, agentB, connection, member, as: (u: UserRow) => t.as(u) };
}

export const idsOf = (res: LightMyRequestResponse) => (res.json().tickets as TicketView[]).map((x) => x.id).sort((a, b) => a - b);
export const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The company-{id}-ticket events recorded so far about one ticket, oldest first. */
export function ticketEvents(t: TestContext, companyId: number, ticketId: number) {
  return t.sent.filter((e) => {
    if (e.event !== `company-${companyId}-ticket`) return false;
    const p = e.payload as { ticket?: { id: number }; ticketId?: number };
    return (p.ticket?.id ?? p.ticketId) === ticketId;
  }) as { room: string[]; payload: { action: string; ticket?: TicketView; ticketId?: number } }[];
}
