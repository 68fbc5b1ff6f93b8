import { and, eq, ne, or } from 'drizzle-orm';
import { type ConnectionRow, connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { connectionView, findConnection, listConnections } from '../queries';

/** A provider this build cannot run (a WhatsApp Web connection before its provider exists) has no session to act on. */
function assertRunnable(ctx: RequestContext, connection: ConnectionRow) {
  if (!ctx.channels.supports(connection.provider)) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
}

/**
 * Stores DISCONNECTED with an empty QR and tells the company (company-{id}-whatsappSession) when the
 * provider did not already report it (a provider that was not running in this process reports nothing).
 */
async function settleDisconnected(ctx: RequestContext, id: number) {
  const [row] = await ctx.db
    .update(connections)
    .set({ status: 'DISCONNECTED', qrcode: '', updatedAt: new Date() })
    .where(
      and(
        eq(connections.companyId, ctx.companyId),
        eq(connections.id, id),
        or(ne(connections.status, 'DISCONNECTED'), ne(connections.qrcode, '')),
      ),
    )
    .returning();
  if (row) ctx.realtime.toCompany(ctx.companyId, 'whatsappSession', { action: 'update', session: await connectionView(ctx.db, row) });
}

/** POST /whatsappsession/{id} ("try again"): starts the session; a running one is left as it is. */
export async function startSession(ctx: RequestContext, id: number): Promise<void> {
  const connection = await findConnection(ctx.db, ctx.companyId, id);
  assertRunnable(ctx, connection);
  await ctx.channels.start(id);
}

/** PUT /whatsappsession/{id} ("new QR"): the session is dropped and started afresh. */
export async function restartSession(ctx: RequestContext, id: number): Promise<void> {
  const connection = await findConnection(ctx.db, ctx.companyId, id);
  assertRunnable(ctx, connection);
  await ctx.channels.stop(id);
  await ctx.channels.start(id);
}

/** DELETE /whatsappsession/{id} and /whatsappsession/admin/{id}: the session ends and the connection shows DISCONNECTED. */
export async function disconnectSession(ctx: RequestContext, id: number): Promise<void> {
  await findConnection(ctx.db, ctx.companyId, id);
  await ctx.channels.stop(id);
  await settleDisconnected(ctx, id);
}

/** POST /whatsapp-restart/: every connection of the company this build can run is restarted; one failure does not stop the others. */
export async function restartAllSessions(ctx: RequestContext): Promise<void> {
  const rows = (await listConnections(ctx.db, ctx.companyId)).filter((c) => ctx.channels.supports(c.provider));
  const results = await Promise.allSettled(
    rows.map(async (c) => {
      await ctx.channels.stop(c.id);
      await ctx.channels.start(c.id);
    }),
  );
  for (const [i, r] of results.entries()) {
    if (r.status === 'rejected') ctx.log.warn({ err: r.reason, connectionId: rows[i].id }, 'restart failed');
  }
}

/** POST /whatsappsession/{id}/pairing-code: the provider's code to type on the phone (WhatsApp Web only). */
export async function requestPairingCode(ctx: RequestContext, id: number, phoneNumber: string): Promise<string> {
  const connection = await findConnection(ctx.db, ctx.companyId, id);
  assertRunnable(ctx, connection);
  return ctx.channels.requestPairingCode(id, phoneNumber);
}
