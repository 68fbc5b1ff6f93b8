import { DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { createDueInvoices } from './commands/create-due-invoices';

/**
 * The invoice job: each company's invoice for the due date that falls in the current month (or earlier).
 * It runs daily so a company created mid-month is billed without waiting a month; it creates one invoice
 * per (company, due date), so every run after the first in a period creates nothing.
 */
export const createInvoicesJob = defineJob({
  name: 'billing.create-invoices',
  payload: z.object({}).passthrough(),
  cron: '0 3 * * *',
  retry: { limit: 3, backoffSeconds: 300 },
  async run(_payload, deps) {
    const created = await createDueInvoices(deps.db, todayIn(DEFAULT_TIME_ZONE, deps.clock.now()));
    if (created > 0) deps.log.info({ created }, 'invoices created');
  },
});
