import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { type SimulatorOutboxRow, simulatorOutbox } from '../../db/schema';
import type { MediaStorage } from '../../media';
import type { OutboundPayload } from '../types';

/** A WhatsApp-like message id: the simulator's own, unique per connection. */
export const newExternalId = () => `SIM${randomBytes(10).toString('hex').toUpperCase()}`;

/** How the customer's phone files what it received: type, text and a public media path. */
function outboxFields(payload: OutboundPayload, storage: MediaStorage) {
  switch (payload.kind) {
    case 'text':
      return { type: 'text', body: payload.body, mediaUrl: null, payload: { quotedId: payload.quotedExternalId ?? null } };
    case 'media':
      return {
        type: payload.mediaType,
        body: payload.caption ?? '',
        mediaUrl: storage.urlOfLocalPath(payload.filePath),
        payload: { fileName: payload.fileName, mimeType: payload.mimeType, quotedId: payload.quotedExternalId ?? null },
      };
    case 'contact':
      return { type: 'contact', body: payload.vcard, mediaUrl: null, payload: { displayName: payload.displayName } };
    case 'location':
      return {
        type: 'location',
        body: `${payload.latitude},${payload.longitude}`,
        mediaUrl: null,
        payload: { description: payload.description ?? null },
      };
    case 'interactive':
      return { type: 'interactive', body: payload.body, mediaUrl: null, payload: { dataJson: payload.dataJson ?? null } };
  }
}

/** A send the simulated phone is to record: what it was sent, under the sender's idempotency key. */
export interface OutboundToRecord {
  payload: OutboundPayload;
  idempotencyKey: string;
}

/**
 * Records what the product sent to the simulated customer, many sends in one insert (a campaign step's
 * sends arrive together). The idempotency key makes a retried send (a job re-run after a crash) find the
 * earlier row instead of delivering twice; two sends of one key in the same batch are one row, created
 * for the first of them. Answers, per send in order, its row and whether this call created it.
 */
export async function recordOutbounds(
  db: Db,
  connectionId: number,
  storage: MediaStorage,
  sends: OutboundToRecord[],
): Promise<{ row: SimulatorOutboxRow; created: boolean }[]> {
  // Insert first: a retried send (the rare case) finds the earlier row through the conflict.
  const inserted = await insertRows(
    db,
    simulatorOutbox,
    sends.map((send) => ({
      connectionId,
      number: send.payload.to,
      externalId: newExternalId(),
      idempotencyKey: send.idempotencyKey,
      ack: 1,
      ...outboxFields(send.payload, storage),
    })),
    { onConflict: { doNothing: true } },
  );
  const byKey = new Map(inserted.map((row) => [row.idempotencyKey, row]));
  // Keys this insert created: the first send of each is answered "created", any other "earlier".
  const fresh = new Set(byKey.keys());
  const missing = [...new Set(sends.map((s) => s.idempotencyKey).filter((key) => !byKey.has(key)))];
  if (missing.length > 0) {
    const found = await db
      .select()
      .from(simulatorOutbox)
      .where(and(eq(simulatorOutbox.connectionId, connectionId), inArray(simulatorOutbox.idempotencyKey, missing)));
    for (const row of found) byKey.set(row.idempotencyKey, row);
  }
  return sends.map((send) => ({ row: byKey.get(send.idempotencyKey)!, created: fresh.delete(send.idempotencyKey) }));
}

/** What an ack report needs of a received message. */
export type AckedOutbox = Pick<SimulatorOutboxRow, 'id' | 'connectionId' | 'externalId' | 'idempotencyKey'> & { ack: number };

/**
 * Moves received messages' acks forward only (a late "delivered" never undoes "read"), each row to the
 * furthest ack asked for it, in one statement; rows that were already there (a repeated run) are
 * read, so their ack is reported again. Rows of a deleted connection are gone and left out.
 */
export async function advanceOutboxAcks(db: Db, wanted: { outboxId: number; ack: number }[]): Promise<AckedOutbox[]> {
  const furthest = new Map<number, number>();
  for (const w of wanted) furthest.set(w.outboxId, Math.max(furthest.get(w.outboxId) ?? 0, w.ack));
  const values = sql.join(
    [...furthest].map(([id, ack]) => sql`(${id}::bigint, ${ack}::int)`),
    sql`, `,
  );
  const moved = await db.execute<{
    id: string;
    connection_id: number;
    external_id: string;
    idempotency_key: string | null;
    ack: number;
  }>(sql`
    update simulator_outbox o set ack = v.ack, updated_at = ${new Date().toISOString()}::timestamptz
    from (values ${values}) as v(id, ack) where o.id = v.id and o.ack < v.ack
    returning o.id, o.connection_id, o.external_id, o.idempotency_key, o.ack`);
  const rows: AckedOutbox[] = moved.rows.map((r) => ({
    id: Number(r.id),
    connectionId: Number(r.connection_id),
    externalId: r.external_id,
    idempotencyKey: r.idempotency_key,
    ack: Number(r.ack),
  }));
  const movedIds = new Set(rows.map((r) => r.id));
  const rest = [...furthest.keys()].filter((id) => !movedIds.has(id));
  if (rest.length > 0) {
    const found = await db.select().from(simulatorOutbox).where(inArray(simulatorOutbox.id, rest));
    rows.push(...found.map((r) => ({ ...r, ack: furthest.get(r.id)! })));
  }
  return rows;
}

export async function changeOutbox(db: Db, connectionId: number, externalId: string, change: { body: string } | { deleted: true }) {
  await db
    .update(simulatorOutbox)
    .set('deleted' in change ? { isDeleted: true, updatedAt: new Date() } : { body: change.body, isEdited: true, updatedAt: new Date() })
    .where(and(eq(simulatorOutbox.connectionId, connectionId), eq(simulatorOutbox.externalId, externalId)));
}
