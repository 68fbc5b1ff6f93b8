import { type CompanyUpdateInput, MAIN_COMPANY_ID } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, type CompanyRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { planForForm } from '../../plans';
import { findCompanyRow } from '../queries';
import { asConflict, assertCompanyNameFree } from './conflicts';

/**
 * Company form save. Only the fields sent change. The main company's due date is not editable (it is
 * always 2999-12-31); for any other company an empty or null due date leaves the date as it is,
 * since clearing it would expire the company at once.
 */
export async function updateCompany(ctx: RequestContext, id: number, input: z.output<typeof CompanyUpdateInput>): Promise<CompanyRow> {
  const { dueDate, ...fields } = input;
  try {
    return await ctx.transaction(async (tx) => {
      const current = await findCompanyRow(tx, id);
      if (fields.planId !== undefined) await planForForm(tx, fields.planId);
      if (fields.name !== undefined) await assertCompanyNameFree(tx, fields.name, id);
      const patch: Partial<typeof companies.$inferInsert> = { ...fields };
      if (fields.email !== undefined) patch.email = fields.email.toLowerCase();
      // A due date changed by hand is the new anchor: its own day (dueDay null). The form sends the date on
      // every save, so an unchanged one keeps the anchor.
      if (dueDate && id !== MAIN_COMPANY_ID && dueDate !== current.dueDate) Object.assign(patch, { dueDate, dueDay: null });
      if (Object.keys(patch).length === 0) return current;
      const [company] = await tx.update(companies).set(patch).where(eq(companies.id, id)).returning();
      return company;
    });
  } catch (err) {
    throw asConflict(err);
  }
}
