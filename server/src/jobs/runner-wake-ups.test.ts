import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ProviderRegistry } from '../channels/registry';
import { systemClock } from '../clock';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import { transactionRunner } from '../http/context';
import { recordingRealtime } from '../test/recording-realtime';
import { jobTargets } from '../test/database';
import { defineJob, type JobDeps } from './define';
import { JobRunner } from './runner';

/**
 * Workers that do not poll (issue 34): the runners here poll every POLL_SECONDS only, so a job that runs
 * within WITHIN_MS was woken (pg-boss's LISTEN for a job stored ready, JobWakeUps for a delayed one).
 * PGlite always; PostgreSQL when TEST_DATABASE_URL is set, there also across two runners (two nodes).
 */
const POLL_SECONDS = 300;
const WITHIN_MS = 20_000;
const config = loadConfig({ DATA_DIR: '.tmp', JWT_SECRET: 'x', JWT_REFRESH_SECRET: 'y', LOG_LEVEL: 'silent' });
const log = pino({ level: 'silent' });

async function until(check: () => boolean, timeoutMs = WITHIN_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const targets = jobTargets(config);

describe.each(targets)('workers woken, not polling, on %s', (kind, open) => {
  let database: Database;
  let runner: JobRunner;
  /** When each probe value ran (ms since the epoch). */
  const ran = new Map<number, number>();
  const probeJob = defineJob({
    name: 'test.wake-probe',
    payload: z.object({ value: z.number() }),
    retry: { limit: 0, backoffSeconds: 1 },
    async run({ value }) {
      ran.set(value, Date.now());
    },
  });
  const timerJob = defineJob({
    name: 'test.wake-timer',
    payload: z.object({ value: z.number() }),
    retry: { limit: 0, backoffSeconds: 1 },
    timer: true,
    async run({ value }) {
      ran.set(value, Date.now());
    },
  });
  const depsOf = (target: { database: Database; config: Config }, queue: () => JobRunner): JobDeps => ({
    db: target.database.db,
    config: target.config,
    realtime: recordingRealtime().realtime,
    log,
    get jobs() {
      return queue();
    },
    channels: new ProviderRegistry(target.database.db, log, () => {
      throw new Error('no provider in this test');
    }),
    clock: systemClock,
  });
  let target: { database: Database; config: Config };

  beforeAll(async () => {
    target = await open();
    database = target.database;
    const deps = depsOf(target, () => runner);
    runner = new JobRunner(database, () => deps, { pollSeconds: POLL_SECONDS });
    await runner.start([probeJob, timerJob]);
  }, 60_000);

  afterAll(async () => {
    await runner?.stop().catch(() => {});
    await database?.close();
  });

  test('the runner listens: workers poll only every few minutes', () => {
    expect(runner.listening).toBe(true);
  });

  test('a job sent in a transaction runs right after its commit, long before a poll', async () => {
    const committed = await transactionRunner(
      database.db,
      log,
    )(async (tx) => {
      await probeJob.send(runner, { value: 1 }, { tx });
      // Not before the commit: the job exists only then.
      expect(ran.has(1)).toBe(false);
      return Date.now();
    });
    await until(() => ran.has(1));
    expect(ran.get(1)! - committed).toBeLessThan(POLL_SECONDS * 1000);
  });

  test('a delayed job comes due and runs then: its due time was heard and the wake-up fired', async () => {
    const before = { ...runner.wakeUps!.counts };
    const sent = Date.now();
    await timerJob.send(runner, { value: 2 }, { startAfterSeconds: 2 });
    await until(() => ran.has(2), 2_000 + WITHIN_MS);
    expect(ran.get(2)! - sent).toBeGreaterThanOrEqual(1_900);
    expect(runner.wakeUps!.counts.heard).toBeGreaterThan(before.heard);
    expect(runner.wakeUps!.counts.fired).toBeGreaterThan(before.fired);
  });

  // Declared only on PostgreSQL (PGlite is one process): CI's PostgreSQL pass allows no skipped test.
  if (kind === 'PostgreSQL')
    test('a job sent by another node starts on the node that works its queue, ready or delayed', async () => {
      // Node A only sends (JOBS=off); this file's runner is node B, the one working the queues.
      let sender: JobRunner | null = null;
      const deps = depsOf(target, () => sender!);
      sender = new JobRunner(database, () => deps, { pollSeconds: POLL_SECONDS });
      try {
        await sender.start([probeJob, timerJob], { work: false });
        await probeJob.send(sender, { value: 3 });
        await until(() => ran.has(3));
        const heard = runner.wakeUps!.counts.heard;
        const sent = Date.now();
        await timerJob.send(sender, { value: 4 }, { startAfterSeconds: 2 });
        await until(() => ran.has(4), 2_000 + WITHIN_MS);
        expect(ran.get(4)! - sent).toBeGreaterThanOrEqual(1_900);
        // B heard A's due time (A's own wake-ups cannot run it: A has no workers).
        expect(runner.wakeUps!.counts.heard).toBeGreaterThan(heard);
      } finally {
        await sender.stop();
      }
    });
});
