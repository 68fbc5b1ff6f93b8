import type { FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import type { UserRow } from '../db/schema';
import { actorOf } from './context';
import { AppError } from './errors';
import { requireActiveSubscription, requireAdmin, requireActor, requirePermission, requirePlan, requireSuper } from './guards';

const t = useTestApp();

/** A request as `authenticate` leaves it, for calling a guard directly. */
const requestOf = (user: UserRow) =>
  ({ ctx: { db: t.database.db, companyId: user.companyId, actor: actorOf(user), user } }) as unknown as FastifyRequest;

async function outcome(guard: (req: FastifyRequest) => Promise<void>, user: UserRow) {
  try {
    await guard(requestOf(user));
    return 'allowed';
  } catch (err) {
    return err instanceof AppError ? `${err.status} ${err.code}` : 'crash';
  }
}

describe('route guards', () => {
  test('permissions of the static table: admin yes, user no', async () => {
    const admin = await t.factory.admin();
    const user = await t.factory.user({ companyId: admin.companyId });
    expect(await outcome(requireAdmin, admin)).toBe('allowed');
    expect(await outcome(requireAdmin, user)).toBe('403 ERR_NO_PERMISSION');
    expect(await outcome(requirePermission('tickets-manager:closeAll'), user)).toBe('403 ERR_NO_PERMISSION');
  });

  test('super-only', async () => {
    expect(await outcome(requireSuper, await t.factory.admin())).toBe('403 ERR_NO_PERMISSION');
    expect(await outcome(requireSuper, await t.factory.superUser())).toBe('allowed');
  });

  test('a user flag opens what the flag names', async () => {
    const rule = requireActor((a) => a.profile === 'admin' || a.showDashboard === 'enabled');
    expect(await outcome(rule, await t.factory.user())).toBe('403 ERR_NO_PERMISSION');
    expect(await outcome(rule, await t.factory.user({ showDashboard: 'enabled' }))).toBe('allowed');
  });

  test('plan switches gate their routes', async () => {
    const off = await t.factory.company({ planId: (await t.factory.plan({ useKanban: false })).id });
    expect(await outcome(requirePlan('useKanban'), await t.factory.admin({ company: off }))).toBe('403 ERR_PLAN_FEATURE_DISABLED');
    expect(await outcome(requirePlan('useKanban'), await t.factory.admin())).toBe('allowed');
  });

  test('an expired company is refused outside the basics; company 1 never expires', async () => {
    const expired = await t.factory.company({ dueDate: '2020-01-01' });
    expect(await outcome(requireActiveSubscription, await t.factory.admin({ company: expired }))).toBe('402 ERR_SUBSCRIPTION_EXPIRED');
    const today = await t.factory.company({
      dueDate: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
    });
    expect(await outcome(requireActiveSubscription, await t.factory.admin({ company: today }))).toBe('allowed');
    expect(await outcome(requireActiveSubscription, await t.factory.user({ companyId: 1 }))).toBe('allowed');
  });
});
