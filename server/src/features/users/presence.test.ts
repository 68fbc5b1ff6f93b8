import { PRESENCE_TIMEOUT_MS } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { users } from '../../db/schema';
import { recordingRealtime } from '../../test/recording-realtime';
import { useTestApp } from '../../test/harness';
import { markOfflineJob } from './jobs';
import { minuteSweepsJob } from '../minute-sweeps';
import { markOffline, markOnline, sweepStalePresence } from './presence';

const t = useTestApp();
const log = pino({ level: 'silent' });

/** Presence functions take their dependencies directly; each test records its own events. */
function deps() {
  const { realtime, sent } = recordingRealtime();
  return { deps: { db: t.database.db, realtime, log, config: t.config }, sent };
}
const stored = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const ago = (ms: number) => new Date(Date.now() - ms);

describe('markOnline / markOffline', () => {
  test('going online sets the flag and last beat and tells the company once', async () => {
    const user = await t.factory.user();
    const queue = await t.factory.queue(user.companyId);
    await t.factory.addUserToQueue(user.id, queue.id);
    const { deps: d, sent } = deps();
    await markOnline(d, user.id);
    const row = await stored(user.id);
    expect(row.online).toBe(true);
    expect(Date.now() - row.lastSeenAt!.getTime()).toBeLessThan(60_000);
    expect(sent).toEqual([
      {
        companyId: user.companyId,
        room: null,
        event: `company-${user.companyId}-user`,
        payload: {
          action: 'update',
          user: expect.objectContaining({ id: user.id, online: true, queues: [{ id: queue.id, name: queue.name, color: queue.color }] }),
        },
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain('passwordHash');

    // A heartbeat while already online only refreshes the beat: no event storm every 5 minutes.
    await t.database.db
      .update(users)
      .set({ lastSeenAt: ago(120_000) })
      .where(eq(users.id, user.id));
    await markOnline(d, user.id);
    expect(sent).toHaveLength(1);
    expect(Date.now() - (await stored(user.id)).lastSeenAt!.getTime()).toBeLessThan(60_000);
  });

  test('going offline clears the flag and tells the company; a second call says nothing', async () => {
    const user = await t.factory.user({ online: true, lastSeenAt: new Date() });
    const { deps: d, sent } = deps();
    await markOffline(d, user.id);
    expect((await stored(user.id)).online).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({ action: 'update', user: { id: user.id, online: false } });
    await markOffline(d, user.id);
    expect(sent).toHaveLength(1);
  });

  test('an unknown user id is a no-op', async () => {
    const { deps: d, sent } = deps();
    await markOnline(d, 987654321);
    await markOffline(d, 987654321);
    expect(sent).toEqual([]);
  });
});

describe('sweepStalePresence', () => {
  test('marks offline only the online users whose last beat is older than the timeout, each to its company', async () => {
    const stale = await t.factory.user({ online: true, lastSeenAt: ago(PRESENCE_TIMEOUT_MS + 5_000) });
    const neverBeat = await t.factory.user({ online: true, lastSeenAt: null });
    const fresh = await t.factory.user({ online: true, lastSeenAt: ago(PRESENCE_TIMEOUT_MS - 60_000) });
    const offline = await t.factory.user({ online: false, lastSeenAt: ago(PRESENCE_TIMEOUT_MS * 3) });
    const { deps: d, sent } = deps();

    const count = await sweepStalePresence(d);
    expect(count).toBe(2);
    expect((await stored(stale.id)).online).toBe(false);
    expect((await stored(neverBeat.id)).online).toBe(false);
    expect((await stored(fresh.id)).online).toBe(true);
    expect((await stored(offline.id)).online).toBe(false);
    expect(sent.map((e) => [e.event, (e.payload as { user: { id: number } }).user.id]).sort()).toEqual(
      [
        [`company-${stale.companyId}-user`, stale.id],
        [`company-${neverBeat.companyId}-user`, neverBeat.id],
      ].sort(),
    );

    expect(await sweepStalePresence(d)).toBe(0); // idempotent
    expect(sent).toHaveLength(2);
  });

  test('`now` decides staleness, so the timeout boundary is exact', async () => {
    const lastSeenAt = new Date('2030-01-01T12:00:00Z');
    const user = await t.factory.user({ online: true, lastSeenAt });
    const { deps: d } = deps();
    await sweepStalePresence(d, new Date(lastSeenAt.getTime() + PRESENCE_TIMEOUT_MS));
    expect((await stored(user.id)).online).toBe(true);
    await sweepStalePresence(d, new Date(lastSeenAt.getTime() + PRESENCE_TIMEOUT_MS + 1));
    expect((await stored(user.id)).online).toBe(false);
  });
});

describe('users.mark-offline job', () => {
  test('runs every minute within the minute sweeps, sweeps stale users and can run twice safely', async () => {
    expect(markOfflineJob.name).toBe('users.mark-offline');
    expect(minuteSweepsJob.cron).toBe('* * * * *');
    const stale = await t.factory.user({ online: true, lastSeenAt: ago(PRESENCE_TIMEOUT_MS * 2) });
    const fresh = await t.factory.user({ online: true, lastSeenAt: new Date() });
    const { deps: d, sent } = deps();
    const payload = markOfflineJob.payload.parse({});
    const jobDeps = { ...d, jobs: t.jobs, channels: t.channels, clock: t.clock };
    await minuteSweepsJob.run(minuteSweepsJob.payload.parse({}), jobDeps);
    await markOfflineJob.run(payload, jobDeps);
    expect((await stored(stale.id)).online).toBe(false);
    expect((await stored(fresh.id)).online).toBe(true);
    expect(sent.filter((e) => (e.payload as { user: { id: number } }).user.id === stale.id)).toHaveLength(1);
  });
});
