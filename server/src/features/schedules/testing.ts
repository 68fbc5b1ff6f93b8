import { expect } from 'vitest';
import type { UserRow } from '../../db/schema';
import type { TestContext } from '../../test/harness';

/** A send time this far ahead of real time (POST refuses the past). */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** POST /schedules as `user`, expecting 200. */
export async function createScheduleAs(t: TestContext, user: UserRow, body: Record<string, unknown>) {
  const res = await (await t.as(user)).post('/schedules', { sendAt: inMinutes(60), body: 'Lembrete da consulta', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
