import { MAX_ID } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { companies, connections } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError, forbidden } from '../../http/errors';
import { loginGuard } from '../../http/guards';

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

/**
 * `?companyId=` on a connection-adding route: the super user's /allConnections modal adds a WhatsApp,
 * Facebook or Instagram connection to the company it shows (spec 2 §2), so the request runs as that
 * company from here on (its plan, its subscription, its events). Anyone else naming another company
 * is refused; naming one's own company, or none, changes nothing. An unknown company is a 404.
 * A login guard (it reads only the login and the raw query), placed before the plan checks.
 */
export const actAsQueryCompany = loginGuard(async (req) => {
  const raw = (req.query as Record<string, unknown> | undefined)?.companyId;
  if (raw === undefined || raw === '') return;
  const companyId = Number(raw);
  if (!Number.isInteger(companyId) || companyId <= 0) throw new AppError('ERR_NO_PERMISSION', 403);
  if (companyId === req.ctx.companyId) return;
  if (!req.ctx.actor.super) throw forbidden();
  // An id past the column's range names no company (1e308 is an "integer" to JavaScript, not to PostgreSQL).
  if (companyId > MAX_ID) throw new AppError('ERR_NOT_FOUND', 404);
  const [row] = await req.ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw new AppError('ERR_NOT_FOUND', 404);
  req.ctx = { ...req.ctx, companyId };
});

/** A connection's view carries its token only for a manager in the connection's own company, never for a super user acting on another. */
export const tokenShownIn = (ctx: RequestContext, canManage: boolean) => ({
  withToken: canManage && ctx.companyId === ctx.actor.companyId,
});
