import { and, eq } from 'drizzle-orm';
import { connections } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';

/**
 * A number that is not on WhatsApp is refused when it is added or changed (ERR_WAPP_INVALID_CONTACT,
 * spec 1 §8 "not a valid number") on a company whose default connection is WhatsApp Web with its
 * session connected: that session asks WhatsApp (`onWhatsApp`, through the provider's isOnWhatsApp).
 * Without a session that can answer (disconnected, another channel, running on another node) the
 * number is accepted as before; it is asked outside any transaction.
 */
export async function assertOnWhatsApp(ctx: RequestContext, channel: string, number: string): Promise<void> {
  if (channel !== 'whatsapp') return;
  const [connection] = await ctx.db
    .select({ id: connections.id, provider: connections.provider, status: connections.status })
    .from(connections)
    .where(and(eq(connections.companyId, ctx.companyId), eq(connections.isDefault, true), eq(connections.channel, 'whatsapp')))
    .limit(1);
  if (!connection || connection.provider !== 'beta' || connection.status !== 'CONNECTED') return;
  let exists: boolean;
  try {
    const provider = await ctx.channels.providerFor(connection.id);
    if (!provider.isOnWhatsApp) return;
    exists = await provider.isOnWhatsApp(number);
  } catch (err) {
    // No live session here to ask (not initialised, held by another node, the check itself failed).
    if (err instanceof AppError) return;
    throw err;
  }
  if (!exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400);
}
