import { and, eq, notInArray, sql } from 'drizzle-orm';
import { type GraphTemplate, listWabaTemplates } from '../../channels/cloud-api/templates';
import { GraphError } from '../../channels/graph/client';
import type { Db } from '../../db/client';
import { type ConnectionRow, messageTemplates } from '../../db/schema';
import { AppError } from '../../http/errors';

type SyncedConnection = Pick<ConnectionRow, 'id' | 'companyId' | 'channel' | 'wabaId' | 'tokenMeta'>;

/** Whether the connection has templates at all: a Cloud API connection that names its business account. */
export const hasTemplates = (c: Pick<ConnectionRow, 'channel' | 'wabaId'>) => c.channel === 'whatsappapi' && c.wabaId !== '';

/** Templates upserted per statement (ten parameters each, well under PostgreSQL's 65,535). */
const UPSERT_CHUNK = 500;

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
  // One statement per chunk, not a round trip per template, while the transaction is open. Meta's id
  // once only: a row may not be upserted twice by one statement.
  const rows = [...new Map(listed.map((t) => [t.id, rowOf(connection, t, now)])).values()];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
      await tx
        .insert(messageTemplates)
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflictDoUpdate({
          target: [messageTemplates.connectionId, messageTemplates.metaId],
          set: {
            name: sql`excluded.name`,
            language: sql`excluded.language`,
            category: sql`excluded.category`,
            status: sql`excluded.status`,
            parameterFormat: sql`excluded.parameter_format`,
            components: sql`excluded.components`,
            syncedAt: sql`excluded.synced_at`,
          },
        });
    }
    // By Meta's ids, not by sync time: two syncs at once (a connect and a click) both end with Meta's list.
    const kept = rows.map((r) => r.metaId);
    await tx
      .delete(messageTemplates)
      .where(
        kept.length > 0
          ? and(eq(messageTemplates.connectionId, connection.id), notInArray(messageTemplates.metaId, kept))
          : eq(messageTemplates.connectionId, connection.id),
      );
  });
  return rows.length;
}
