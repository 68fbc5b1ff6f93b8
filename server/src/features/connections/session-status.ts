import type { ConnectionStatus } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderEvents } from '../../channels/types';
import type { Db } from '../../db/client';
import { type ConnectionRow, connections } from '../../db/schema';
import { type Realtime, rooms } from '../../realtime/emit';
import { connectionView } from './queries';

export interface SessionStatusDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

async function statusOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ status: connections.status }).from(connections).where(eq(connections.id, id));
  return row?.status ?? null;
}

/**
 * A provider's status reports for one connection: stored on the row and announced to the company as
 * `company-{id}-whatsappSession` (status, qrcode, retries, updatedAt: spec 2 §4), with why a session
 * went down by itself (downReason); a connection that was CONNECTED and went down by itself is also
 * told to the admins' room (`connectionDown`).
 */
export function sessionStatusHandler(deps: SessionStatusDeps, connection: ConnectionRow): ProviderEvents['onStatus'] {
  return async (status: ConnectionStatus, extra = {}) => {
    const before = extra.reason ? await statusOf(deps.db, connection.id) : null;
    const [row] = await deps.db
      .update(connections)
      .set({
        status,
        qrcode: extra.qrcode ?? '',
        // A reason stays while the session is down and is cleared once it is back (or someone stops it).
        ...(extra.reason ? { downReason: extra.reason } : status === 'TIMEOUT' ? {} : { downReason: '' }),
        ...(extra.number ? { number: extra.number } : {}),
        updatedAt: new Date(),
      })
      .where(eq(connections.id, connection.id))
      .returning();
    if (!row) return; // deleted meanwhile
    deps.log.info({ connectionId: row.id, status, reason: extra.reason }, 'connection status');
    // Every socket of the company gets session events, so the view carries no token.
    deps.realtime.toCompany(row.companyId, 'whatsappSession', { action: 'update', session: await connectionView(deps.db, row) });
    // A working connection that went down by itself: the admins are told at once (a notice, a toast).
    if (before === 'CONNECTED' && extra.reason) {
      deps.realtime.toRoom(row.companyId, rooms.admins, 'connectionDown', {
        action: 'down',
        connectionId: row.id,
        name: row.name,
        reason: extra.reason,
        at: row.updatedAt.toISOString(),
      });
    }
  };
}
