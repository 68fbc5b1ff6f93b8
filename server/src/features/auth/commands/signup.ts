import { addDays, DEFAULT_TIME_ZONE, type SignupInput, timeZoneForLanguage, todayIn, USER_DEFAULTS } from '@chatflow/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, plans, users } from '../../../db/schema';
import { transactionRunner } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { ensureCompanySettings, getGlobalSetting } from '../../settings';
import { hashPassword } from '../../../auth/password';
import type { AuthDeps } from './login';

/**
 * Public signup: a company on the chosen public plan, due after the plan's trial days, and its
 * admin user. Refused with ERR_USER_CREATION_DISABLED while the global userCreation setting is off.
 */
export async function signup(deps: AuthDeps, input: z.output<typeof SignupInput>) {
  if ((await getGlobalSetting(deps.db, 'userCreation')) !== 'enabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403);
  const [plan] = await deps.db
    .select()
    .from(plans)
    .where(and(eq(plans.id, input.planId), eq(plans.isPublic, true)));
  if (!plan)
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ field: 'planId', key: 'validation.required', message: 'Obrigatório' }] });
  const passwordHash = await hashPassword(input.password);

  return transactionRunner(
    deps.db,
    deps.log,
  )(async (tx) => {
    const [nameTaken] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(sql`lower(${companies.name}) = ${input.companyName.toLowerCase()}`);
    if (nameTaken) throw new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 409);
    const [emailTaken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
    if (emailTaken) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);

    const [company] = await tx
      .insert(companies)
      .values({
        name: input.companyName,
        email: input.email.toLowerCase(),
        phone: input.phone,
        planId: plan.id,
        status: true,
        dueDate: addDays(todayIn(DEFAULT_TIME_ZONE), plan.trialDays),
        recurrence: 'MENSAL',
        numberAttendants: plan.users,
        numberConections: plan.connections,
        referrerCompanyId: input.companyId ?? null,
        timeZone: timeZoneForLanguage(input.language),
      })
      .returning();
    await ensureCompanySettings(tx, company.id);
    const [user] = await tx
      .insert(users)
      .values({
        ...USER_DEFAULTS,
        companyId: company.id,
        name: input.name,
        email: input.email.toLowerCase(),
        passwordHash,
        profile: 'admin',
        showDashboard: 'enabled',
        allowRealTime: 'enabled',
        allowConnections: 'enabled',
        allTicket: 'enable',
      })
      .returning();
    return { companyId: company.id, userId: user.id, dueDate: company.dueDate };
  });
}
