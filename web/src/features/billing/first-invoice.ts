import { DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';

/**
 * When the daily billing job (server billing/jobs.ts) makes a company's first invoice: it bills each
 * due date once the due date's month has come, so the invoice appears on the 1st of that month, or on
 * the job's next run when that month is already here. The empty invoice list says so, instead of nothing.
 */
export function firstInvoiceDate(dueDate: string, today = todayIn(DEFAULT_TIME_ZONE)): { date: string; nextRun: boolean } {
  const firstOfDueMonth = `${dueDate.slice(0, 7)}-01`;
  return firstOfDueMonth > today ? { date: firstOfDueMonth, nextRun: false } : { date: today, nextRun: true };
}
