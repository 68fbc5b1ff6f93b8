import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/**
 * Records what the product sent to the simulated customer. The idempotency key makes a retried send
 * (a job re-run after a crash) find the earlier row instead of delivering twice.
 */
export async function recordOutbound(
  db: Db,
  connectionId: number,
  storage: MediaStorage,
  payload: OutboundPayload,
  idempotencyKey: string,
): Promise<{ row: SimulatorOutboxRow; created: boolean }> {
  // Insert first: a retried send (the rare case) finds the earlier row through the conflict.
  const [inserted] = await db
    .insert(simulatorOutbox)
    .values({
      connectionId,
      number: payload.to,
      externalId: newExternalId(),
      idempotencyKey,
      ack: 1,
      ...outboxFields(payload, storage),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [earlier] = await db
    .select()
    .from(simulatorOutbox)
    .where(and(eq(simulatorOutbox.connectionId, connectionId), eq(simulatorOutbox.idempotencyKey, idempotencyKey)));
  return { row: earlier, created: false };
}

/** Moves a received message's ack forward only (a late "delivered" never undoes "read"); the row when it moved. */
export async function advanceOutboxAck(db: Db, outboxId: number, ack: number): Promise<SimulatorOutboxRow | undefined> {
  const [row] = await db
    .update(simulatorOutbox)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(simulatorOutbox.id, outboxId), lt(simulatorOutbox.ack, ack)))
    .returning();
  return row;
}

export async function findOutbox(db: Db, outboxId: number): Promise<SimulatorOutboxRow | undefined> {
  const [row] = await db.select().from(simulatorOutbox).where(eq(simulatorOutbox.id, outboxId));
  return row;
}

export async function changeOutbox(db: Db, connectionId: number, externalId: string, change: { body: string } | { deleted: true }) {
  await db
    .update(simulatorOutbox)
    .set('deleted' in change ? { isDeleted: true, updatedAt: new Date() } : { body: change.body, isEdited: true, updatedAt: new Date() })
    .where(and(eq(simulatorOutbox.connectionId, connectionId), eq(simulatorOutbox.externalId, externalId)));
}
