import type { ConnectionStatus } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type ConnectionRow, connections } from '../db/schema';
import type { Realtime } from '../realtime/emit';
import type { ProviderEvents } from './types';

export interface ChannelEventDeps { db: Db; realtime: Realtime; log: FastifyBaseLogger }

/**
 * The sink a provider reports to. Status changes are stored and announced here; inbound messages,
 * acks, edits and deletes go to the inbound pipeline (features/inbound), wired in by `withPipeline`.
 */
export function providerEvents(
  deps: ChannelEventDeps,
  connection: ConnectionRow,
  pipeline: Omit<ProviderEvents, 'onStatus'>,
): ProviderEvents {
  return {
    ...pipeline,
    async onStatus(status: ConnectionStatus, extra = {}) {
      const [row] = await deps.db.update(connections)
        .set({ status, qrcode: extra.qrcode ?? '', ...(extra.number ? { number: extra.number } : {}) })
        .where(eq(connections.id, connection.id)).returning();
      if (!row) return;
      deps.log.info({ connectionId: row.id, status }, 'connection status');
    },
  };
}
