// Runs the server's own invoice job command (createDueInvoices) against DATABASE_URL twice and prints
// both timings as JSON: the first run bills every company, the second must create nothing. Started by
// bench/billing/run.mjs through tsx, so the code measured is the source the server builds from.
import { DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { openPostgres } from '../../server/src/db/client';
import { createDueInvoices } from '../../server/src/features/billing';

const database = openPostgres(process.env.DATABASE_URL ?? '', 4);
const today = todayIn(DEFAULT_TIME_ZONE);
try {
  const t0 = performance.now();
  const created = await createDueInvoices(database.db, today);
  const t1 = performance.now();
  const again = await createDueInvoices(database.db, today);
  const t2 = performance.now();
  console.log(JSON.stringify({ created, firstMs: Math.round(t1 - t0), again, secondMs: Math.round(t2 - t1) }));
} finally {
  await database.close();
}
