import type { ConnectionRow } from '../../db/schema';
import type { HookedTx, RequestContext } from '../../http/context';
import { connectionView } from './queries';

/**
 * Announces connections after commit as `company-{id}-whatsapp` (every socket of the company sees
 * it, so the view carries no token). Views are built inside the transaction, from what it wrote.
 */
export async function announceConnections(tx: HookedTx, ctx: Pick<RequestContext, 'realtime'>, rows: ConnectionRow[]) {
  for (const row of rows) {
    const whatsapp = await connectionView(tx, row);
    tx.afterCommit(() => ctx.realtime.toCompany(row.companyId, 'whatsapp', { action: 'update', whatsapp }));
  }
}
