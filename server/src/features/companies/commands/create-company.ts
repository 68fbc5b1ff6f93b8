import { addDays, type CompanyInput, DEFAULT_TIME_ZONE, todayIn } from '@chatflow/contract';
import type { z } from 'zod';
import { companies, type CompanyRow } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { hashPassword } from '../../../auth/password';
import { planForForm } from '../../plans';
import { ensureCompanySettings } from '../../settings';
import { asConflict, assertCompanyNameFree } from './conflicts';
import { insertCompanyAdmin } from './company-admin';

/**
 * A company made by the super user from the companies page: its row (as many attendants and
 * connections as its plan sells and inactive, unless the form says otherwise), its settings with the spec's defaults and, when the form
 * carries a password, its first admin named and addressed as the company, as signup would make it.
 * Without a due date the company gets the plan's trial period from today.
 */
export async function createCompany(ctx: RequestContext, input: z.output<typeof CompanyInput>): Promise<CompanyRow> {
  const { password, dueDate, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : null;
  try {
    return await ctx.transaction(async (tx) => {
      const plan = await planForForm(tx, fields.planId);
      await assertCompanyNameFree(tx, fields.name);
      const [company] = await tx
        .insert(companies)
        .values({
          ...fields,
          email: fields.email.toLowerCase(),
          numberAttendants: fields.numberAttendants ?? plan.users,
          numberConections: fields.numberConections ?? plan.connections,
          dueDate: dueDate || addDays(todayIn(DEFAULT_TIME_ZONE), plan.trialDays),
        })
        .returning();
      await ensureCompanySettings(tx, company.id);
      if (passwordHash) {
        await insertCompanyAdmin(tx, ctx, company.id, { name: company.name, email: company.email, passwordHash });
      }
      return company;
    });
  } catch (err) {
    throw asConflict(err);
  }
}
