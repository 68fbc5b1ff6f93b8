import { TICKET_COUNT_CAP } from '@chatflow/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { tickets } from '../../../db/schema';

export interface CountLimits {
  /** Where counting stops (TICKET_COUNT_CAP by default). */
  cap?: number;
  /**
   * The list's own order: counting in it steers PostgreSQL to the index the list walks, which finds
   * the cap's worth of matches after a bounded read. Left free, it sometimes picks a sequential scan,
   * whose cost depends on where in the table the matches happen to lie.
   */
  order?: SQL[];
}

/** Counts matching tickets up to the cap: a badge never needs more, and a closed history can be huge. */
export async function cappedCount(db: DbOrTx, where: SQL, { cap = TICKET_COUNT_CAP, order }: CountLimits = {}): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(tickets).where(where);
  const capped = (order ? matches.orderBy(...order) : matches).limit(cap).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(capped);
  return row?.n ?? 0;
}
