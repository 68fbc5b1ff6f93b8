import { MAIN_COMPANY_ID } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { companies } from '../../../db/schema';
import type { RequestContext } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { findCompanyRow } from '../queries';

/**
 * Removes a company; its users, sessions, queues and settings go with it through the foreign keys'
 * ON DELETE CASCADE. The main company is the platform itself, and a super user cannot delete the
 * company they are logged into (they would lock themselves out mid-request): both are ERR_NO_PERMISSION.
 */
export async function deleteCompany(ctx: RequestContext, id: number): Promise<void> {
  if (id === MAIN_COMPANY_ID || id === ctx.companyId) throw new AppError('ERR_NO_PERMISSION', 400);
  await ctx.transaction(async (tx) => {
    await findCompanyRow(tx, id);
    await tx.delete(companies).where(eq(companies.id, id));
  });
}
