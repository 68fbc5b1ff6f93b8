import type { ConnectionStatus } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type ConnectionRow, connections } from '../db/schema';
import { connectionView } from '../features/connections/queries';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/emit';
import type { ProviderEvents } from './types';

export interface ChannelEventDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
  config: Config;
  jobs: JobQueue;
}

/**
 * The sink a provider reports to. Status changes are stored here and announced to the company as
 * `company-{id}-whatsappSession` (status, qrcode, retries, updatedAt: spec 2 §4); inbound messages,
 * acks, edits and deletes go to the inbound pipeline (features/inbound), passed in by the wiring.
 */
export function providerEvents(
  deps: ChannelEventDeps,
  connection: ConnectionRow,
  pipeline: Omit<ProviderEvents, 'onStatus'>,
): ProviderEvents {
  return {
    ...pipeline,
    async onStatus(status: ConnectionStatus, extra = {}) {
      const [row] = await deps.db
        .update(connections)
        .set({ status, qrcode: extra.qrcode ?? '', ...(extra.number ? { number: extra.number } : {}), updatedAt: new Date() })
        .where(eq(connections.id, connection.id))
        .returning();
      if (!row) return; // deleted meanwhile
      deps.log.info({ connectionId: row.id, status }, 'connection status');
      // Every socket of the company gets session events, so the view carries no token.
      deps.realtime.toCompany(row.companyId, 'whatsappSession', { action: 'update', session: await connectionView(deps.db, row) });
    },
  };
}
