import { eq } from 'drizzle-orm';
import { connections } from '../../db/schema';
import type { RequestContext } from '../../http/context';

/**
 * The context a session action runs in. A super user acts on any company's connection from
 * /allConnections (spec 2 §2: session actions in the company connections modal), so the action runs
 * as that connection's company (its checks, its events). Everyone else stays in their own company,
 * where another company's id is not found (404).
 */
export async function sessionContext(ctx: RequestContext, connectionId: number): Promise<RequestContext> {
  if (!ctx.actor.super) return ctx;
  const [row] = await ctx.db.select({ companyId: connections.companyId }).from(connections).where(eq(connections.id, connectionId));
  return row ? { ...ctx, companyId: row.companyId } : ctx;
}
