import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import type { ChannelProvider, ChannelRegistry } from '../../channels/types';
import { campaignShipping, campaigns } from '../../db/schema';
import type { JobDeps } from '../../jobs/define';
import { useTestApp } from '../../test/harness';
import { recordingRealtime } from '../../test/recording-realtime';
import { prepareShipping } from './dispatch/prepare';
import { dispatchStepJob } from './dispatch/step';
import { campaignNow, campaignSetup, createCampaign, MONDAY_10AM, NO_PAUSES, outbox } from './testing';

/**
 * A worker killed mid-step (kill -9): its step committed its claims and went on sending, and the process
 * never came back. Nothing it would have done afterwards happens; only what it committed (claims, jobs)
 * remains. Whatever the step's number, its dispatch must be picked up once the claim lease has passed,
 * and nobody may get the message twice.
 */
const t = useTestApp();
const LEASE = 60;
const atSecond = (seconds: number) => new Date(new Date(MONDAY_10AM).getTime() + seconds * 1000);

/**
 * A process that dies on its `sendsBeforeDeath + 1`th send: the sends before it reach the phones, that
 * one and every later one never return (the process is gone), so its step never completes its claims.
 * It shares the database and the job queue with the survivors; `died` resolves once it is dead and
 * the sends it made have landed.
 */
function doomedProcess(sendsBeforeDeath: number) {
  let calls = 0;
  const landed: Promise<unknown>[] = [];
  let markDied!: () => void;
  const died = new Promise<void>((resolve) => {
    markDied = resolve;
  });
  const channels: ChannelRegistry = Object.assign(Object.create(t.channels), {
    providerFor: async (id: number): Promise<ChannelProvider> => {
      const real = await t.channels.providerFor(id);
      return Object.assign(Object.create(real), {
        send: (payload: Parameters<ChannelProvider['send']>[0], options: { idempotencyKey: string }) => {
          if (++calls <= sendsBeforeDeath) {
            const sent = real.send(payload, options);
            landed.push(sent);
            return sent;
          }
          void Promise.all(landed).then(markDied);
          return new Promise(() => {}); // the kill: this send never answers
        },
      });
    },
  });
  const deps: JobDeps = {
    db: t.database.db,
    config: t.config,
    realtime: recordingRealtime().realtime,
    log: pino({ level: 'silent' }),
    jobs: t.jobs,
    channels,
    clock: t.clock,
  };
  /** Runs a dispatch job in this process; the run never ends (the process dies in it). */
  const run = (payload: { campaignId: number; seq: number }) => void dispatchStepJob.run(payload, deps);
  return { run, died };
}

/** A running campaign whose dispatch chain stands at `seq` (a restart or a takeover leaves it at any number). */
async function runningCampaignAt(contacts: number, seq: number) {
  t.clock.set(MONDAY_10AM);
  const s = await campaignSetup(t, contacts, NO_PAUSES);
  const c = await createCampaign(s, { scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() });
  await t.jobs.drain();
  const [row] = await t.database.db
    .update(campaigns)
    .set({ status: 'EM_ANDAMENTO', scheduledAt: new Date(MONDAY_10AM), dispatchSeq: seq })
    .where(eq(campaigns.id, c.id))
    .returning();
  expect(await prepareShipping(t.database.db, row)).toBe(contacts);
  return { s, campaignId: c.id };
}

async function expectEachContactOnce(s: Awaited<ReturnType<typeof campaignSetup>>, campaignId: number) {
  const sent = await outbox(t, s.connectionId);
  expect(sent.map((m) => m.number).sort()).toEqual([...s.numbers].sort());
  const open = await t.database.db
    .select({ id: campaignShipping.id })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, campaignId), eq(campaignShipping.state, 'claimed')));
  expect(open).toEqual([]);
  expect(await campaignNow(s, campaignId)).toMatchObject({ status: 'FINALIZADA', deliveredCount: s.numbers.length });
}

describe('a campaign whose worker dies mid-step', () => {
  test('a death in a step that is not a tenth one is picked up once the lease has passed; nobody gets it twice', async () => {
    const { s, campaignId } = await runningCampaignAt(5, 7);
    const worker = doomedProcess(2);
    worker.run({ campaignId, seq: 7 });
    await worker.died;
    expect(await outbox(t, s.connectionId)).toHaveLength(2);

    // Before the lease the claims are still the dead worker's: nothing is sent again.
    t.clock.set(atSecond(LEASE - 1));
    await t.jobs.fireDueTimers();
    expect(await outbox(t, s.connectionId)).toHaveLength(2);

    t.clock.set(atSecond(LEASE + 1));
    await t.jobs.fireDueTimers();
    await expectEachContactOnce(s, campaignId);
    t.clock.reset();
  });

  test('killed twice: the worker that took the dispatch over dies too, and a third finishes a lease later', async () => {
    const { s, campaignId } = await runningCampaignAt(5, 3);
    const first = doomedProcess(1);
    first.run({ campaignId, seq: 3 });
    await first.died;

    // The job left behind comes due a lease later; the worker that takes it dies in its step as well.
    const held = t.jobs.heldTimers(dispatchStepJob.name).filter((j) => (j.payload as { campaignId: number }).campaignId === campaignId);
    expect(held.map((j) => j.dueAt)).toEqual([atSecond(LEASE + 1)]);
    const [spare] = held;
    t.clock.set(spare.dueAt);
    const second = doomedProcess(2); // its first send is the first worker's row again: the same key, no second message
    second.run(spare.payload as { campaignId: number; seq: number });
    await second.died;
    expect(await outbox(t, s.connectionId)).toHaveLength(2);

    // The queue still holds that job (its taker died): it finds the chain moved and stops. The second
    // worker's own step left a job due a lease after its claims, which finishes the campaign.
    t.clock.set(new Date(spare.dueAt.getTime() + (LEASE + 1) * 1000));
    await t.jobs.fireDueTimers();
    await expectEachContactOnce(s, campaignId);
    t.clock.reset();
  });
});
