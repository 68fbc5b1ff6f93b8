import { addMonths, MAIN_COMPANY_ID, RECURRENCE_MONTHS, type Recurrence, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { companies, type CompanyRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { findCompanyRow } from '../queries';

/** `date` (yyyy-MM-dd) moved to `day` of its month, or to the month's last day when the month is shorter. */
function onDay(date: string, day: number): string {
  const [y, m] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${date.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

const dayOf = (date: string) => Number(date.slice(8, 10));

export type RenewalBasis = Pick<CompanyRow, 'dueDate' | 'dueDay' | 'recurrence'>;

/**
 * The next due date of a renewal and the day it keeps: one recurrence period (1, 2, 3, 6 or 12 months)
 * after the current due date, on the company's anchor day, so a month end clamped once (31 Jan to 28 Feb)
 * comes back (31 Mar) instead of drifting to the 28th for good. An overdue company renews from today, so a
 * late renewal still buys a whole period, and today's day becomes its anchor.
 */
export function renewedDueDate(company: RenewalBasis, today: string): { dueDate: string; dueDay: number } {
  const months = RECURRENCE_MONTHS[company.recurrence as Recurrence] ?? RECURRENCE_MONTHS.MENSAL;
  const current = company.dueDate;
  if (current && current >= today) {
    const dueDay = company.dueDay ?? dayOf(current);
    return { dueDate: onDay(addMonths(current, months), dueDay), dueDay };
  }
  return { dueDate: addMonths(today, months), dueDay: dayOf(today) };
}

/** The companies page's renew button. The main company never expires, so renewing it changes nothing. */
export async function renewCompany(ctx: RequestContext, id: number): Promise<CompanyRow> {
  return ctx.transaction(async (tx) => {
    const company = await findCompanyRow(tx, id);
    if (company.id === MAIN_COMPANY_ID) return company;
    const renewal = renewedDueDate(company, todayIn(company.timeZone));
    const [renewed] = await tx.update(companies).set(renewal).where(eq(companies.id, id)).returning();
    return renewed;
  });
}
