// A customer writing through the simulator to a connection whose tickets a bot (queue integration,
// AI assistant) serves, or the chatbot and the flows answer: shared by the integrations', prompts', automation and
// flow-runtime tests.
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { connections, contacts, type QueueRow, type TicketRow, ticketLogs, tickets, type UserRow } from '../db/schema';
import type { JobDeps } from '../jobs/define';
import type { TestContext } from './harness';
import { customerNumber, customerOf, type SimulatorConnection, simulatorConnection } from './simulator';

export interface PhoneMessage {
  type: string;
  body: string;
  mediaUrl: string | null;
}

export function botCustomer(t: TestContext, connection: { id: number; token: string }, number = customerNumber()) {
  const phone = customerOf(t, connection);
  let seen = 0;
  const receivedMessages = async (): Promise<PhoneMessage[]> => {
    const res = await phone.conversation(number);
    expect(res.statusCode, res.body).toBe(200);
    const all = (res.json().messages as (PhoneMessage & { fromCustomer: boolean })[]).filter((m) => !m.fromCustomer);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh.map(({ type, body, mediaUrl }) => ({ type, body, mediaUrl }));
  };
  return {
    number,
    /** Sends a message, waits for every job it started (the bot's turn, its sends), answers what reached the phone. */
    async write(body: string, extra: Record<string, unknown> = {}): Promise<string[]> {
      const res = await phone.send({ from: number, name: 'Cliente', body, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      await t.jobs.drain();
      return (await receivedMessages()).map((m) => m.body);
    },
    /** Moves the clock on and runs the timers then due (retries, delayed replies); answers what reached the phone. */
    async after(seconds: number): Promise<string[]> {
      t.clock.advanceMinutes(seconds / 60);
      await t.jobs.fireDueTimers();
      return (await receivedMessages()).map((m) => m.body);
    },
    received: receivedMessages,
    async ticket(): Promise<TicketRow> {
      const rows = await t.database.db
        .select({ ticket: tickets })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(tickets.connectionId, connection.id), eq(contacts.number, number)))
        .orderBy(desc(tickets.id))
        .limit(1);
      expect(rows).toHaveLength(1);
      return rows[0].ticket;
    },
    async logTypes(): Promise<string[]> {
      const ticket = await this.ticket();
      const rows = await t.database.db
        .select({ type: ticketLogs.type })
        .from(ticketLogs)
        .where(eq(ticketLogs.ticketId, ticket.id))
        .orderBy(ticketLogs.id);
      return rows.map((r) => r.type);
    },
  };
}

/** A simulator connection serving `queues`, whose chatbot greets with the queue menu, with the given connection fields. */
export async function botConnection(t: TestContext, admin: UserRow, queues: QueueRow[], body: Record<string, unknown> = {}) {
  return simulatorConnection(t, admin, { queueIds: queues.map((q) => q.id), greetingMessage: 'Olá! Escolha um setor:', ...body });
}

/** botCustomer as the chatbot and flow suites read it: what reached the phone, as texts. */
export function customer(t: TestContext, connection: SimulatorConnection, number = customerNumber()) {
  const phone = botCustomer(t, connection, number);
  return {
    number: phone.number,
    write: (body: string) => phone.write(body),
    received: async () => (await phone.received()).map((m) => m.body),
    ticket: () => phone.ticket(),
  };
}

/** What a job handler gets, from the test app (for running a handler a second time by hand). */
export const jobDepsOf = (t: TestContext): JobDeps => ({
  db: t.database.db,
  config: t.config,
  realtime: t.app.realtime,
  log: t.app.log,
  jobs: t.jobs,
  channels: t.channels,
  clock: t.clock,
});

export async function updateConnection(t: TestContext, id: number, fields: Partial<typeof connections.$inferInsert>) {
  await t.database.db.update(connections).set(fields).where(eq(connections.id, id));
}
