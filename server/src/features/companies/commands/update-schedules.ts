import type { CompanySchedulesInput } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, type CompanyRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { findCompanyRow } from '../queries';

/**
 * Company-wide service hours (used when the scheduleType setting is "company"). The caller's right
 * to this company is checked by the route's policy before this runs.
 */
export async function updateCompanySchedules(
  ctx: RequestContext,
  id: number,
  input: z.output<typeof CompanySchedulesInput>,
): Promise<CompanyRow> {
  return ctx.transaction(async (tx) => {
    await findCompanyRow(tx, id);
    const [company] = await tx.update(companies).set({ schedules: input.schedules }).where(eq(companies.id, id)).returning();
    return company;
  });
}
