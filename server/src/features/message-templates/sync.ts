import { and, eq, notInArray } from 'drizzle-orm';
import { type GraphTemplate, listWabaTemplates } from '../../channels/cloud-api/templates';
import { GraphError } from '../../channels/graph/client';
import type { Db } from '../../db/client';
import { type ConnectionRow, messageTemplates } from '../../db/schema';
import { AppError } from '../../http/errors';

type SyncedConnection = Pick<ConnectionRow, 'id' | 'companyId' | 'channel' | 'wabaId' | 'tokenMeta'>;

/** Whether the connection has templates at all: a Cloud API connection that names its business account. */
export const hasTemplates = (c: Pick<ConnectionRow, 'channel' | 'wabaId'>) => c.channel === 'whatsappapi' && c.wabaId !== '';

const rowOf = (connection: SyncedConnection, t: GraphTemplate, now: Date) => ({
  companyId: connection.companyId,
  connectionId: connection.id,
  metaId: t.id,
  name: t.name,
  language: t.language,
  category: t.category ?? '',
  status: t.status.toUpperCase(),
  parameterFormat: (t.parameter_format ?? 'POSITIONAL').toUpperCase(),
  components: t.components ?? [],
  syncedAt: now,
});

/**
 * Reads the business account's templates from Meta and makes the connection's list exactly that:
 * new ones added, known ones updated (status, texts), the ones Meta no longer lists removed. The
 * call to Meta holds no lock; the replacement is one transaction. Answers how many are stored.
 */
export async function syncConnectionTemplates(db: Db, graphApiUrl: string, connection: SyncedConnection, now: Date): Promise<number> {
  if (!hasTemplates(connection)) throw new AppError('ERR_TEMPLATES_UNAVAILABLE', 400);
  let listed: GraphTemplate[];
  try {
    listed = await listWabaTemplates(graphApiUrl, connection.wabaId, connection.tokenMeta);
  } catch (err) {
    throw new AppError('ERR_TEMPLATES_SYNC_FAILED', 502, { detail: err instanceof GraphError ? err.message.slice(0, 200) : 'unreachable' });
  }
  await db.transaction(async (tx) => {
    for (const t of listed) {
      const row = rowOf(connection, t, now);
      await tx
        .insert(messageTemplates)
        .values(row)
        .onConflictDoUpdate({
          target: [messageTemplates.connectionId, messageTemplates.metaId],
          set: {
            name: row.name,
            language: row.language,
            category: row.category,
            status: row.status,
            parameterFormat: row.parameterFormat,
            components: row.components,
            syncedAt: now,
          },
        });
    }
    // By Meta's ids, not by sync time: two syncs at once (a connect and a click) both end with Meta's list.
    const kept = listed.map((t) => t.id);
    await tx
      .delete(messageTemplates)
      .where(
        kept.length > 0
          ? and(eq(messageTemplates.connectionId, connection.id), notInArray(messageTemplates.metaId, kept))
          : eq(messageTemplates.connectionId, connection.id),
      );
  });
  return listed.length;
}
