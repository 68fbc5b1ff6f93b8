import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, type ConnectionRow, connectionQueues, connections, queues } from '../../db/schema';
import { notFound } from '../../http/errors';
import { presentConnection, type QueueRef } from './presenter';

/** The queues linked to each connection, by connection id (queue order as the bot shows them). */
export async function queuesOfConnections(db: DbOrTx, connectionIds: readonly number[]): Promise<Map<number, QueueRef[]>> {
  const byConnection = new Map<number, QueueRef[]>(connectionIds.map((id) => [id, []]));
  if (connectionIds.length === 0) return byConnection;
  const rows = await db
    .select({ connectionId: connectionQueues.connectionId, id: queues.id, name: queues.name, color: queues.color })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(inArray(connectionQueues.connectionId, [...connectionIds]))
    .orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
  for (const r of rows) byConnection.get(r.connectionId)?.push({ id: r.id, name: r.name, color: r.color });
  return byConnection;
}

export async function listConnections(db: DbOrTx, companyId: number, channel?: ConnectionRow['channel']): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, companyId), channel ? eq(connections.channel, channel) : undefined))
    .orderBy(asc(connections.name), asc(connections.id));
}

/** One connection of the company; another company's id is indistinguishable from a missing one. */
export async function findConnection(db: DbOrTx, companyId: number, id: number): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
  if (!row) throw notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** Any company's connection, for the platform operator (GET /whatsapp-admin/{id}). */
export async function findAnyConnection(db: DbOrTx, id: number): Promise<ConnectionRow> {
  const [row] = await db.select().from(connections).where(eq(connections.id, id));
  if (!row) throw notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** A connection as the API and realtime events carry it, with its queues. */
export async function connectionView(db: DbOrTx, row: ConnectionRow, opts: { withToken?: boolean } = {}) {
  const queuesById = await queuesOfConnections(db, [row.id]);
  return presentConnection(row, queuesById.get(row.id) ?? [], opts);
}

/** Every company's connections with the company's name (super user, /allConnections); no tokens. */
export async function listAllConnections(db: DbOrTx) {
  const rows = await db
    .select({ connection: connections, companyName: companies.name })
    .from(connections)
    .innerJoin(companies, eq(companies.id, connections.companyId))
    .orderBy(asc(companies.name), asc(connections.name), asc(connections.id));
  const queuesById = await queuesOfConnections(
    db,
    rows.map((r) => r.connection.id),
  );
  return rows.map((r) => ({ ...presentConnection(r.connection, queuesById.get(r.connection.id) ?? []), companyName: r.companyName }));
}
