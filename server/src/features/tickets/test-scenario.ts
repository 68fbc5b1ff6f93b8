import type { TicketView } from '@chatflow/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../../db/schema';
import type { TestContext } from '../../test/harness';
import { ticketFactory } from './test-factory';

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
