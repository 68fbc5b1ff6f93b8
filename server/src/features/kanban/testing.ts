import { randomBytes } from 'node:crypto';
import type { TicketView } from '@chatflow/contract';
import { connections, contacts, tags, ticketTags, tickets, type UserRow } from '../../db/schema';
import type { TestContext } from '../../test/harness';

const unique = () => randomBytes(5).toString('hex');
let phone = 0;
const nextNumber = () => `55219${String(Date.now() % 1e7).padStart(7, '0')}${String(phone++ % 1000).padStart(3, '0')}`;

/**
 * A company as the kanban tests need it: an admin, two queues (A with `agent`, B with `agentB`), and
 * `f` to insert tickets, lanes and their links directly (the tests do not depend on the inbound path).
 */
export async function kanbanScenario(t: TestContext) {
  const db = t.database.db;
  const admin = await t.factory.admin();
  const companyId = admin.companyId;
  const [queueA, queueB] = [await t.factory.queue(companyId), await t.factory.queue(companyId)];
  const agent = await t.factory.user({ companyId });
  const agentB = await t.factory.user({ companyId });
  await t.factory.addUserToQueue(agent.id, queueA.id);
  await t.factory.addUserToQueue(agentB.id, queueB.id);
  const f = {
    async ticket(companyId: number, overrides: Partial<typeof tickets.$inferInsert> = {}) {
      const [contact] = await db
        .insert(contacts)
        .values({ companyId, name: `Contato ${unique()}`, number: nextNumber(), isGroup: overrides.isGroup ?? false })
        .returning();
      const [connection] = await db
        .insert(connections)
        .values({ companyId, name: `Conn ${unique()}`, provider: 'simulator', status: 'CONNECTED', token: randomBytes(15).toString('hex') })
        .returning();
      const [row] = await db
        .insert(tickets)
        .values({ companyId, status: 'pending', ...overrides, contactId: contact.id, connectionId: connection.id })
        .returning();
      return row;
    },
    async tag(companyId: number, overrides: Partial<typeof tags.$inferInsert> = {}) {
      const [row] = await db
        .insert(tags)
        .values({ companyId, name: `Raia ${unique()}`, color: '#123456', ...overrides })
        .returning();
      return row;
    },
    async tagTicket(ticketId: number, tagId: number) {
      await db.insert(ticketTags).values({ ticketId, tagId });
    },
  };
  return { f, admin, companyId, queueA, queueB, agent, agentB, as: (u: UserRow) => t.as(u) };
}

export const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The company-{id}-ticket events recorded so far about one ticket, oldest first. */
export function ticketEvents(t: TestContext, companyId: number, ticketId: number) {
  return t.sent.filter((e) => {
    if (e.event !== `company-${companyId}-ticket`) return false;
    const p = e.payload as { ticket?: { id: number }; ticketId?: number };
    return (p.ticket?.id ?? p.ticketId) === ticketId;
  }) as { room: string[]; payload: { action: string; ticket?: TicketView; ticketId?: number } }[];
}
