// Test helpers of the automation engine: a company with queues, a chatbot tree and settings written
// straight into their tables (the configuration screens are another feature's), and a customer who
// writes through the simulator and reads what reached the phone.
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  connections,
  contacts,
  type QueueOptionRow,
  type QueueRow,
  queueOptions,
  type TicketRow,
  tickets,
  type UserRow,
} from '../../db/schema';
import type { JobDeps } from '../../jobs/define';
import type { TestContext } from '../../test/harness';
import { customerNumber, customerOf, type SimulatorConnection, simulatorConnection } from '../../test/simulator';
import { setCompanySetting } from '../settings';

export interface OptionSpec {
  name: string;
  message?: string;
  type?: QueueOptionRow['queueType'];
  closeTicket?: boolean;
  optQueueId?: number | null;
  optUserId?: number | null;
  optFileId?: number | null;
  children?: OptionSpec[];
}

/** Writes an option tree under a queue (positions in the given order) and returns the rows by name. */
export async function insertOptions(
  t: TestContext,
  queue: QueueRow,
  specs: OptionSpec[],
  parentId: number | null = null,
  byName: Record<string, QueueOptionRow> = {},
): Promise<Record<string, QueueOptionRow>> {
  for (const [position, spec] of specs.entries()) {
    const [row] = await t.database.db
      .insert(queueOptions)
      .values({
        companyId: queue.companyId,
        queueId: queue.id,
        parentId,
        position,
        name: spec.name,
        greetingMessage: spec.message ?? '',
        queueType: spec.type ?? 'text',
        closeTicket: spec.closeTicket ?? false,
        optQueueId: spec.optQueueId ?? null,
        optUserId: spec.optUserId ?? null,
        optFileId: spec.optFileId ?? null,
      })
      .returning();
    byName[spec.name] = row;
    if (spec.children) await insertOptions(t, queue, spec.children, row.id, byName);
  }
  return byName;
}

export async function setSettings(t: TestContext, companyId: number, values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) await setCompanySetting(t.database.db, companyId, key, value);
}

/** A simulator connection serving `queues`, with the given connection fields. */
export async function botConnection(t: TestContext, admin: UserRow, queues: QueueRow[], body: Record<string, unknown> = {}) {
  return simulatorConnection(t, admin, { queueIds: queues.map((q) => q.id), greetingMessage: 'Olá! Escolha um setor:', ...body });
}

/**
 * One customer of a connection. `write` sends a message and waits for every job it started (the
 * automation turn and its sends), then answers what the phone received since the last call.
 */
export function customer(t: TestContext, connection: SimulatorConnection, number = customerNumber()) {
  const phone = customerOf(t, connection);
  let seen = 0;
  const received = async (): Promise<string[]> => {
    const res = await phone.conversation(number);
    expect(res.statusCode, res.body).toBe(200);
    const all = (res.json().messages as { fromCustomer: boolean; body: string }[]).filter((m) => !m.fromCustomer).map((m) => m.body);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };
  return {
    number,
    async write(body: string): Promise<string[]> {
      const res = await phone.send({ from: number, name: 'Cliente', body });
      expect(res.statusCode, res.body).toBe(200);
      await t.jobs.drain();
      return received();
    },
    received,
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

/** Changes connection fields straight in the table (the connection screens are not this feature's). */
export async function updateConnection(t: TestContext, id: number, fields: Partial<typeof connections.$inferInsert>) {
  await t.database.db.update(connections).set(fields).where(eq(connections.id, id));
}
