import { TICKET_COUNT_CAP } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { tickets } from '../../../db/schema';

/** Counts matching tickets up to the cap: a badge never needs more, and a closed history can be huge. */
export async function cappedCount(db: DbOrTx, where: SQL): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(tickets).where(where).limit(TICKET_COUNT_CAP).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(capped);
  return row?.n ?? 0;
}
