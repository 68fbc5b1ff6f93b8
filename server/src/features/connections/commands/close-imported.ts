import { and, eq } from 'drizzle-orm';
import { connections } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { closeImportedTickets } from '../../tickets';
import { connectionView, findConnection } from '../queries';

/**
 * POST /closedimported/{id}: closes the tickets the import of old messages opened on the connection
 * and takes the "close imported tickets" button away (statusImportMessages cleared, announced on
 * company-{id}-whatsappSession). Answers how many tickets were closed.
 */
export async function closeImported(ctx: RequestContext, id: number): Promise<number> {
  await findConnection(ctx.db, ctx.companyId, id);
  const count = await closeImportedTickets(ctx, { companyId: ctx.companyId, connectionId: id, userId: ctx.actor.id });
  const [row] = await ctx.db
    .update(connections)
    .set({ statusImportMessages: '' })
    .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, id)))
    .returning();
  if (row) ctx.realtime.toCompany(ctx.companyId, 'whatsappSession', { action: 'update', session: await connectionView(ctx.db, row) });
  return count;
}
