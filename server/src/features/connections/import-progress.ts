import { eq } from 'drizzle-orm';
import type { ImportProgress, ProviderEvents } from '../../channels/types';
import { type ConnectionRow, connections } from '../../db/schema';
import { closeImportedTickets, type CloseImportedDeps } from '../tickets';
import { connectionView } from './queries';

/** statusImportMessages once an import is done and its tickets wait for POST /closedimported (spec 2 §4). */
export const CLOSE_TICKETS_PENDING = 'renderButtonCloseTickets';

/**
 * A provider's import of old messages as the company sees it (spec 2 §4 "Import progress"):
 * - preparing: statusImportMessages holds the time it started (the page shows "preparing" for 35 s)
 *   and `importMessages-{companyId}` says `this: -1`;
 * - importing: `importMessages-{companyId}` carries this / all / date of the message just stored;
 * - finished: the range is cleared (the import runs once), the tickets it opened are closed when
 *   closedTicketsPostImported is on, otherwise statusImportMessages asks for the close button; then
 *   `refresh`, and the connection's new state on `company-{id}-whatsappSession`.
 */
export function importProgressHandler(deps: CloseImportedDeps, connection: ConnectionRow): NonNullable<ProviderEvents['onImport']> {
  const { companyId } = connection;
  const store = async (set: Partial<ConnectionRow>) => {
    const [row] = await deps.db.update(connections).set(set).where(eq(connections.id, connection.id)).returning();
    if (row) deps.realtime.toCompany(companyId, 'whatsappSession', { action: 'update', session: await connectionView(deps.db, row) });
    return row;
  };
  return async (progress: ImportProgress) => {
    if (progress.stage === 'preparing') {
      await store({ statusImportMessages: String(Date.now()) });
      deps.realtime.toCompany(companyId, 'importMessages', { action: 'update', status: { this: -1, all: -1, date: null } });
      return;
    }
    if (progress.stage === 'importing') {
      const status = { this: progress.done, all: progress.total, date: progress.at.toISOString() };
      deps.realtime.toCompany(companyId, 'importMessages', { action: 'update', status });
      return;
    }
    const [current] = await deps.db.select().from(connections).where(eq(connections.id, connection.id));
    if (!current) return; // deleted meanwhile
    if (current.closedTicketsPostImported) {
      const closed = await closeImportedTickets(deps, { companyId, connectionId: connection.id, userId: null });
      deps.log.info({ connectionId: connection.id, closed }, 'imported tickets closed');
    }
    await store({
      statusImportMessages: current.closedTicketsPostImported ? '' : CLOSE_TICKETS_PENDING,
      importOldMessages: null,
      importRecentMessages: null,
    });
    deps.realtime.toCompany(companyId, 'importMessages', { action: 'refresh' });
  };
}
