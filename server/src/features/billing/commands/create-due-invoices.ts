import { MAIN_COMPANY_ID, RECURRENCE_MONTHS } from '@chatflow/contract';
import { and, asc, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { companies } from '../../../db/schema';

export const INVOICE_BATCH_SIZE = 1000;

/** Months a recurrence pays for, as SQL (the values are the contract's constants, not input). */
const recurrenceMonthsSql = sql.raw(
  `CASE c.recurrence ${Object.entries(RECURRENCE_MONTHS)
    .map(([name, months]) => `WHEN '${name}' THEN ${months}`)
    .join(' ')} ELSE 1 END`,
);

/** The last day of `today`'s month (yyyy-MM-dd). */
export function endOfMonth(today: string): string {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The invoice job's work: every company (but the main one, which never expires) whose due date falls in
 * `today`'s month or earlier gets the invoice for that due date, from its plan: value = plan amount ×
 * the recurrence's months. Idempotent: (company, due date) is unique, so a rerun inserts nothing, and
 * paying moves the due date on, so the next period's invoice comes when its month arrives.
 * Companies are taken in id order, INVOICE_BATCH_SIZE per statement, so no statement holds 10,000 rows.
 */
export async function createDueInvoices(db: DbOrTx, today: string, batchSize = INVOICE_BATCH_SIZE): Promise<number> {
  const horizon = endOfMonth(today);
  let after = 0;
  let created = 0;
  for (;;) {
    const batch = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(gt(companies.id, after), ne(companies.id, MAIN_COMPANY_ID)))
      .orderBy(asc(companies.id))
      .limit(batchSize);
    if (batch.length === 0) return created;
    const last = batch[batch.length - 1].id;
    const result = await db.execute(sql`
      INSERT INTO invoices (company_id, detail, users, connections, queues, value, due_date)
      SELECT c.id, p.name, p.users, p.connections, p.queues, p.amount * ${recurrenceMonthsSql}, c.due_date
      FROM companies c JOIN plans p ON p.id = c.plan_id
      WHERE c.id > ${after} AND c.id <= ${last} AND c.id <> ${MAIN_COMPANY_ID}
        AND c.due_date IS NOT NULL AND c.due_date <= ${horizon}::date
      ON CONFLICT (company_id, due_date) DO NOTHING
      RETURNING id`);
    created += rowCount(result);
    after = last;
  }
}

/** node-postgres and PGlite report inserted rows differently. */
function rowCount(result: unknown): number {
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return r.rows?.length ?? r.rowCount ?? r.affectedRows ?? 0;
}
