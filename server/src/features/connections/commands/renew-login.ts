import type { RequestContext } from '../../../http/context';
import { findConnection } from '../queries';
import { disconnectSession } from './session';

/**
 * DELETE /whatsappsession/{id} ("delete session during edit", spec 2 §4/§7): the phone's login is
 * ended and forgotten, and a new session starts, so the connection asks for a new QR code. The
 * connection dialog calls it when a connected connection is given an import range: WhatsApp sends
 * a phone's history only to a newly paired device, so the import needs a new pairing.
 * A provider without a login to forget (the simulator) is just restarted; one this build cannot run
 * is only stored as DISCONNECTED.
 */
export async function renewLogin(ctx: RequestContext, id: number): Promise<void> {
  const connection = await findConnection(ctx.db, ctx.companyId, id);
  if (!ctx.channels.supports(connection.provider)) return disconnectSession(ctx, id);
  const provider = await ctx.channels.providerFor(id);
  await provider.logout?.();
  await ctx.channels.stop(id);
  await ctx.channels.start(id);
}
