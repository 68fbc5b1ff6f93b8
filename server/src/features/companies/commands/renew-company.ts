import { addMonths, MAIN_COMPANY_ID, RECURRENCE_MONTHS, type Recurrence, todayIn } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { companies, type CompanyRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { findCompanyRow } from '../queries';

/**
 * The next due date of a renewal: one recurrence period (1, 2, 3, 6 or 12 months) after the current
 * due date, or after today when the company is already overdue, so a late renewal still buys a whole
 * period. Month ends clamp (31 Jan + 1 month = 28/29 Feb).
 */
export function renewedDueDate(current: string | null, recurrence: string, today: string): string {
  const from = current && current > today ? current : today;
  const months = RECURRENCE_MONTHS[recurrence as Recurrence] ?? RECURRENCE_MONTHS.MENSAL;
  return addMonths(from, months);
}

/** The companies page's renew button. The main company never expires, so renewing it changes nothing. */
export async function renewCompany(ctx: RequestContext, id: number): Promise<CompanyRow> {
  return ctx.transaction(async (tx) => {
    const company = await findCompanyRow(tx, id);
    if (company.id === MAIN_COMPANY_ID) return company;
    const dueDate = renewedDueDate(company.dueDate, company.recurrence, todayIn(company.timeZone));
    const [renewed] = await tx.update(companies).set({ dueDate }).where(eq(companies.id, id)).returning();
    return renewed;
  });
}
