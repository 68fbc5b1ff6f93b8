import type { ConnectionStatus } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderEvents } from '../../channels/types';
import type { Db } from '../../db/client';
import { type ConnectionRow, connections } from '../../db/schema';
import type { Realtime } from '../../realtime/emit';
import { connectionView } from './queries';

export interface SessionStatusDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/**
 * A provider's status reports for one connection: stored on the row and announced to the company as
 * `company-{id}-whatsappSession` (status, qrcode, retries, updatedAt: spec 2 §4).
 */
export function sessionStatusHandler(deps: SessionStatusDeps, connection: ConnectionRow): ProviderEvents['onStatus'] {
  return async (status: ConnectionStatus, extra = {}) => {
    const [row] = await deps.db
      .update(connections)
      .set({ status, qrcode: extra.qrcode ?? '', ...(extra.number ? { number: extra.number } : {}), updatedAt: new Date() })
      .where(eq(connections.id, connection.id))
      .returning();
    if (!row) return; // deleted meanwhile
    deps.log.info({ connectionId: row.id, status }, 'connection status');
    // Every socket of the company gets session events, so the view carries no token.
    deps.realtime.toCompany(row.companyId, 'whatsappSession', { action: 'update', session: await connectionView(deps.db, row) });
  };
}
