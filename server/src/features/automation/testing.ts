// Test helpers of the automation engine: a company with queues, a chatbot tree and settings written
// straight into their tables (the configuration screens are another feature's); the customer who writes
// through the simulator is the harness's (test/bot-customer.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages, type QueueOptionRow, type QueueRow, queueOptions, tickets } from '../../db/schema';
import type { TestContext } from '../../test/harness';
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

/**
 * A customer message stored with no turn run for it (a process that stopped before its turn, or a
 * test that runs the turn by hand): the row the inbound pipeline writes, `ageMs` old.
 */
export async function storedWithoutTurn(
  t: TestContext,
  ticketId: number,
  body: string,
  { ageMs = 0, ...extra }: { ageMs?: number } & Partial<typeof messages.$inferInsert> = {},
) {
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
  const at = new Date(Date.now() - ageMs);
  const [row] = await t.database.db
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      body,
      fromMe: false,
      externalId: `lost-${randomUUID()}`,
      createdAt: at,
      updatedAt: at,
      ...extra,
    })
    .returning();
  return row;
}

export { botConnection, customer, jobDepsOf, updateConnection } from '../../test/bot-customer';
