import { randomBytes } from 'node:crypto';
import { addDays, DEFAULT_TIME_ZONE, todayIn, USER_DEFAULTS } from '@chatflow/contract';
import type { Db } from '../db/client';
import { companies, type CompanyRow, type PlanRow, plans, queues, type QueueRow, userQueues, type UserRow, users } from '../db/schema';
import { hashPassword } from '../auth/password';
import { ensureCompanySettings } from '../features/settings';

export const TEST_PASSWORD = 'Secret123';
let passwordHash: Promise<string> | null = null;
const unique = () => randomBytes(5).toString('hex');
/** Named so admin()/superUser() need not refer to `factory`'s own type (a circular inference). */
type UserOverrides = Partial<typeof users.$inferInsert> & { company?: CompanyRow };

/** Factories: each call makes fresh rows, so tests never share data and run in any order. */
export function makeFactory(db: Db) {
  const factory = {
    async plan(overrides: Partial<typeof plans.$inferInsert> = {}): Promise<PlanRow> {
      const [plan] = await db
        .insert(plans)
        .values({ name: `Plan ${unique()}`, amount: '99.90', users: 10, connections: 5, queues: 10, ...overrides })
        .returning();
      return plan;
    },
    async company(overrides: Partial<typeof companies.$inferInsert> = {}): Promise<CompanyRow> {
      const planId = overrides.planId ?? (await factory.plan()).id;
      const [company] = await db
        .insert(companies)
        .values({
          name: `Company ${unique()}`,
          email: `c-${unique()}@test.local`,
          planId,
          status: true,
          dueDate: addDays(todayIn(DEFAULT_TIME_ZONE), 30),
          ...overrides,
        })
        .returning();
      await ensureCompanySettings(db, company.id);
      return company;
    },
    async user(overrides: UserOverrides = {}): Promise<UserRow> {
      const { company, ...rest } = overrides;
      const companyId = rest.companyId ?? company?.id ?? (await factory.company()).id;
      passwordHash ??= hashPassword(TEST_PASSWORD);
      const [user] = await db
        .insert(users)
        .values({
          ...USER_DEFAULTS,
          name: `User ${unique()}`,
          email: `u-${unique()}@test.local`,
          passwordHash: await passwordHash,
          ...rest,
          companyId,
        })
        .returning();
      return user;
    },
    /** An admin of a fresh company (or of `company`). */
    admin: (overrides: UserOverrides = {}): Promise<UserRow> => factory.user({ profile: 'admin', ...overrides }),
    /** A platform super user, in a company of its own. */
    superUser: (overrides: UserOverrides = {}): Promise<UserRow> => factory.user({ profile: 'admin', super: true, ...overrides }),
    async queue(companyId: number, overrides: Partial<typeof queues.$inferInsert> = {}): Promise<QueueRow> {
      const [queue] = await db
        .insert(queues)
        .values({
          companyId,
          name: `Queue ${unique()}`,
          color: `#${randomBytes(3).toString('hex')}`,
          greetingMessage: 'Olá',
          ...overrides,
        })
        .returning();
      return queue;
    },
    async addUserToQueue(userId: number, queueId: number) {
      await db.insert(userQueues).values({ userId, queueId });
    },
  };
  return factory;
}
