import { PRESENCE_TIMEOUT_MS } from '@chatflow/contract';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../../clock';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { ProviderRegistry } from '../../channels/registry';
import type { JobDeps } from '../../jobs/define';
import { JobRunner } from '../../jobs/runner';
import { recordingRealtime } from '../../test/recording-realtime';
import { makeFactory } from '../../test/factory';
import { jobTargets } from '../../test/database';
import { markOfflineJob } from './jobs';

/**
 * The real pg-boss worker, as `npm start` runs it: a job sent to the queue reaches its handler.
 * Always on embedded PGlite; also on PostgreSQL when TEST_DATABASE_URL is set. Bounded waits keep a
 * broken queue from hanging the suite.
 */
const config = loadConfig({ DATA_DIR: '.tmp', JWT_SECRET: 'x', JWT_REFRESH_SECRET: 'y', LOG_LEVEL: 'silent' });

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const targets = jobTargets(config);

describe.each(targets)('JobRunner on %s', (_name, open) => {
  let database: Database;
  let runner: JobRunner;
  const seen: number[] = [];
  const { realtime, sent } = recordingRealtime();
  const probeJob = defineJob({
    name: 'test.probe',
    payload: z.object({ value: z.number() }),
    retry: { limit: 0, backoffSeconds: 1 },
    async run({ value }) {
      if (value < 0) throw new Error('a probe that fails');
      seen.push(value);
    },
  });

  const timerSeen: number[] = [];
  const timerProbeJob = defineJob({
    name: 'test.timer-probe',
    payload: z.object({ value: z.number() }),
    retry: { limit: 0, backoffSeconds: 1 },
    timer: true,
    async run({ value }) {
      if (value < 0) throw new Error('a timer that fails');
      timerSeen.push(value);
    },
  });

  const batchSeen: number[] = [];
  const batchSizes: number[] = [];
  const batchProbeJob = defineJob({
    name: 'test.batch-probe',
    payload: z.object({ value: z.number() }),
    retry: { limit: 0, backoffSeconds: 1 },
    worker: { batchSize: 10, concurrency: 1 },
    async run({ value }) {
      if (value < 0) throw new Error('a probe that fails');
      batchSeen.push(value);
    },
    async runBatch(payloads) {
      if (payloads.some((p) => p.value < 0)) throw new Error('a batch holding a failing probe');
      batchSizes.push(payloads.length);
      batchSeen.push(...payloads.map((p) => p.value));
    },
  });

  beforeAll(async () => {
    const target = await open();
    database = target.database;
    const deps: JobDeps = {
      db: database.db,
      config: target.config,
      realtime,
      log: pino({ level: 'silent' }),
      get jobs() {
        return runner;
      },
      channels: new ProviderRegistry(database.db, pino({ level: 'silent' }), () => {
        throw new Error('no provider in this test');
      }),
      clock: systemClock,
    };
    runner = new JobRunner(database, () => deps);
    await runner.start([markOfflineJob, probeJob, timerProbeJob, batchProbeJob]);
  }, 60_000);

  afterAll(async () => {
    await runner?.stop().catch(() => {});
    await database?.close();
  });

  test('a job sent to the queue runs its handler with the typed payload', async () => {
    await probeJob.send(runner, { value: 42 });
    await until(async () => seen.includes(42));
    expect(seen).toEqual([42]);
  });

  test('users.mark-offline sent through the queue marks a stale user offline and announces it', async () => {
    const stale = await makeFactory(database.db).user({ online: true, lastSeenAt: new Date(Date.now() - PRESENCE_TIMEOUT_MS - 1_000) });
    await markOfflineJob.send(runner, {});
    await until(async () => {
      const [row] = await database.db.select().from(users).where(eq(users.id, stale.id));
      return row.online === false;
    });
    await until(async () => sent.some((e) => e.event === `company-${stale.companyId}-user`));
    expect(sent.find((e) => e.event === `company-${stale.companyId}-user`)?.payload).toMatchObject({
      action: 'update',
      user: { id: stale.id, online: false },
    });
  });

  test('jobs are taken in batches; one failing job of a batch does not stop or fail the others', async () => {
    const values = Array.from({ length: 45 }, (_, i) => 100 + i);
    for (const value of values) await probeJob.send(runner, { value: value === 110 ? -1 : value });
    const expected = values.filter((v) => v !== 110);
    await until(async () => expected.every((v) => seen.includes(v)), 30_000);
    expect(seen.filter((v) => v >= 100).sort((a, b) => a - b)).toEqual(expected);
  });

  test('timers of a batch run side by side; each one runs once, a failing one alone fails', async () => {
    const values = Array.from({ length: 45 }, (_, i) => i);
    for (const value of values) await timerProbeJob.send(runner, { value: value === 7 ? -1 : value });
    const expected = values.filter((v) => v !== 7);
    await until(async () => expected.every((v) => timerSeen.includes(v)), 30_000);
    expect([...timerSeen].sort((a, b) => a - b)).toEqual(expected);
  });

  test('sendMany queues many in one insert; runBatch takes a fetched batch whole, and a batch that throws runs one by one', async () => {
    const values = Array.from({ length: 30 }, (_, i) => 200 + i);
    await batchProbeJob.sendMany(
      runner,
      values.map((value) => ({ payload: { value: value === 215 ? -1 : value }, singletonKey: `probe-${value}` })),
    );
    const expected = values.filter((v) => v !== 215);
    await until(async () => expected.every((v) => batchSeen.includes(v)), 30_000);
    expect([...batchSeen].sort((a, b) => a - b)).toEqual(expected);
    expect(batchSizes.some((n) => n > 1)).toBe(true);
  });

  test('runAfterCommit with unstored runs the handler here and stores no job (its feature sweeps instead)', async () => {
    await probeJob.send(runner, { value: 7001 }, { runAfterCommit: true, unstored: true });
    await until(async () => seen.includes(7001));
    const stored = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'test.probe' and data->>'value' = '7001'`,
    );
    expect(stored.rows[0].n).toBe(0);
  });

  test('an unknown job name or a payload of the wrong shape is refused before reaching the queue', async () => {
    const unstarted = defineJob({ name: 'no.such.job', payload: z.object({}), run: async () => {} });
    await expect(unstarted.send(runner, {})).rejects.toThrow('unknown job');
    // @ts-expect-error: the typed sender refuses this at compile time; the queue checks it at run time too
    await expect(probeJob.send(runner, { value: 'x' })).rejects.toThrow();
  });
});
