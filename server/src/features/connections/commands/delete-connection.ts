import { and, eq } from 'drizzle-orm';
import { connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { findConnection, listConnections } from '../queries';
import { lockCompanyConnections } from '../rules';

/**
 * Deletes a connection and stops its session. The default connection can go only when it is the
 * last one: while others exist the company needs a default, so another must be made default first
 * (ERR_NO_OTHER_WHATSAPP). Tickets and messages stay; their connection becomes empty.
 */
export async function deleteConnection(ctx: RequestContext, id: number): Promise<void> {
  const companyId = ctx.companyId;
  await ctx.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const current = await findConnection(tx, companyId, id);
    if (current.isDefault) {
      const others = (await listConnections(tx, companyId)).filter((c) => c.id !== id);
      if (others.length > 0) throw new AppError('ERR_NO_OTHER_WHATSAPP', 400);
    }
    await tx.delete(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, id)));
    tx.afterCommit(async () => {
      ctx.realtime.toCompany(companyId, 'whatsapp', { action: 'delete', whatsappId: id });
      await ctx.channels.stop(id);
    });
  });
}
