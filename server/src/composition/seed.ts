import { randomBytes } from 'node:crypto';
import { MAIN_COMPANY_DUE_DATE, MAIN_COMPANY_ID, USER_DEFAULTS } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { hashPassword } from '../auth/password';
import { ensureCompanySettings, ensureGlobalSettings } from '../features/settings';
import type { Db } from '../db/client';
import { companies, plans, users } from '../db/schema';

/**
 * First-start seed: a default plan with every switch on, the main company (id 1, never due), its
 * settings, the global settings and the super admin. Every step checks before it writes, so a
 * second start changes nothing.
 */
export async function seed(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  await db.transaction(async (tx) => {
    // Two nodes starting together must not both seed: the advisory lock serialises them.
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    await ensureGlobalSettings(tx);
    const [main] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, MAIN_COMPANY_ID));
    if (main) return;

    let [plan] = await tx.select({ id: plans.id }).from(plans).limit(1);
    if (!plan) {
      [plan] = await tx
        .insert(plans)
        .values({
          name: 'Plano Padrão',
          users: 10,
          connections: 10,
          queues: 10,
          amount: '0',
          isPublic: true,
          trialDays: config.trialDays,
        })
        .returning({ id: plans.id });
    }
    await tx.insert(companies).values({
      id: MAIN_COMPANY_ID,
      name: 'Chat-flow',
      email: config.adminEmail,
      planId: plan.id,
      status: true,
      dueDate: MAIN_COMPANY_DUE_DATE,
      recurrence: 'ANUAL',
      numberAttendants: 10,
      numberConections: 10,
    });
    await tx.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`);
    await ensureCompanySettings(tx, MAIN_COMPANY_ID);

    const password = config.adminPassword ?? randomBytes(9).toString('base64url');
    await tx.insert(users).values({
      ...USER_DEFAULTS,
      companyId: MAIN_COMPANY_ID,
      name: 'Admin',
      email: config.adminEmail.toLowerCase(),
      passwordHash: await hashPassword(password),
      profile: 'admin',
      super: true,
      showDashboard: 'enabled',
      allowRealTime: 'enabled',
      allowConnections: 'enabled',
      allTicket: 'enable',
    });
    if (config.adminPassword) log.info({ email: config.adminEmail }, 'super admin created');
    else log.warn(`super admin created: ${config.adminEmail} / ${password} (shown once; change it after logging in)`);
  });
}
