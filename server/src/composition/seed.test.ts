import { PLAN_SWITCHES } from '@chatflow/contract';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { companies, globalSettings, plans, settings, users } from '../db/schema';
import { seed } from './seed';

const t = useTestApp();

describe('first-start seed', () => {
  test('main company 1 due 2999-12-31, a plan with every switch on, the super admin, settings', async () => {
    const db = t.database.db;
    const [main] = await db
      .select()
      .from(companies)
      .where((await import('drizzle-orm')).eq(companies.id, 1));
    expect(main.dueDate).toBe('2999-12-31');
    const [plan] = await db
      .select()
      .from(plans)
      .where((await import('drizzle-orm')).eq(plans.id, main.planId));
    for (const s of PLAN_SWITCHES) expect(plan[s]).toBe(true);
    const admins = await db
      .select()
      .from(users)
      .where((await import('drizzle-orm')).eq(users.super, true));
    expect(admins.map((a) => a.email)).toContain('admin@chatflow.local');
    expect((await db.select().from(globalSettings)).length).toBeGreaterThanOrEqual(8);
  });

  test('a second run changes nothing', async () => {
    const db = t.database.db;
    const count = async () => ({
      companies: (await db.select().from(companies)).length,
      users: (await db.select().from(users)).length,
      plans: (await db.select().from(plans)).length,
      settings: (await db.select().from(settings)).length,
      global: (await db.select().from(globalSettings)).length,
    });
    const before = await count();
    const [adminBefore] = await db
      .select()
      .from(users)
      .where((await import('drizzle-orm')).eq(users.id, 1));
    await seed(db, { ...t.config, adminPassword: 'Different1' }, pino({ level: 'silent' }));
    expect(await count()).toEqual(before);
    const [adminAfter] = await db
      .select()
      .from(users)
      .where((await import('drizzle-orm')).eq(users.id, 1));
    expect(adminAfter.passwordHash).toBe(adminBefore.passwordHash);
  });
});
