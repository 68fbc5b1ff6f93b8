// Simulator conversations for tests (a connection made the product's way, its customer, row counts): shared by
// the simulator, inbound, outbound and channel-wiring suites, so they live with the harness.
import { randomBytes } from 'node:crypto';
import type { ConnectionView, SimulatorInboundInput } from '@chatflow/contract';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contacts, messages, type UserRow, tickets } from '../db/schema';
import type { TestContext } from './harness';

const unique = () => randomBytes(4).toString('hex');
let sequence = 0;
/** A fresh customer number per call (tests in one file share a database, never a number). */
export const customerNumber = () => `5511${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence++ % 1000).padStart(3, '0')}`;

export type SimulatorConnection = ConnectionView & { token: string };

/** A simulator connection created the product's way (POST /whatsapp), started and CONNECTED. */
export async function simulatorConnection(
  t: TestContext,
  admin: UserRow,
  body: Record<string, unknown> = {},
): Promise<SimulatorConnection> {
  const res = await (await t.as(admin)).post('/whatsapp', { name: `Simulador ${unique()}`, provider: 'simulator', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The simulated customer of a connection, authorised by the connection's token. */
export function customerOf(t: TestContext, connection: { id: number; token: string }) {
  const headers = { authorization: `Bearer ${connection.token}` };
  return {
    send: (body: Partial<SimulatorInboundInput> & Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/simulator/${connection.id}/messages`, headers, payload: body }),
    conversation: (number: string) =>
      t.app.inject({ method: 'GET', url: `/simulator/${connection.id}/messages`, headers, query: { number } }),
  };
}

/** Row counts of what an inbound message writes, for one connection. */
export async function inboxCounts(t: TestContext, connectionId: number, companyId: number) {
  const db = t.database.db;
  const [m] = await db.select({ n: count() }).from(messages).where(eq(messages.connectionId, connectionId));
  const [tk] = await db.select({ n: count() }).from(tickets).where(eq(tickets.connectionId, connectionId));
  const [c] = await db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId)));
  return { messages: Number(m.n), tickets: Number(tk.n), contacts: Number(c.n) };
}

/** A 1×1 transparent PNG: real bytes for the type sniffer. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
