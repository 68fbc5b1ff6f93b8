import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ConnectionRow, connections, messageTemplates } from '../../db/schema';
import { notFound } from '../../http/errors';

/** The company's connection, or 404 (another company's connection is as good as missing). */
export async function companyConnection(db: DbOrTx, companyId: number, id: number): Promise<ConnectionRow> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, id), eq(connections.companyId, companyId)));
  if (!row) throw notFound('ERR_NO_WAPP_FOUND');
  return row;
}

/** The connection's templates by name and language. */
export function connectionTemplates(db: DbOrTx, companyId: number, connectionId: number) {
  return db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.companyId, companyId), eq(messageTemplates.connectionId, connectionId)))
    .orderBy(asc(messageTemplates.name), asc(messageTemplates.language));
}
