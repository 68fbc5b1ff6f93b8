import { afterEach, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { campaignNow, campaignSetup, createCampaign, outbox } from './testing';

const t = useTestApp();
afterEach(() => t.clock.reset());

const NO_PAUSES = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
/** Monday 2 March 2026, 20:00 in São Paulo: after the 09:00–18:00 sending hours. */
const MONDAY_8PM = '2026-03-02T23:00:00Z';

describe('a campaign waiting for its sending hours', () => {
  test('says so and until when; widening the hours re-plans it and it sends at once', async () => {
    t.clock.set(MONDAY_8PM);
    const s = await campaignSetup(t, 3, { ...NO_PAUSES, startHour: '09:00', endHour: '18:00' });
    const c = await createCampaign(s, { scheduledAt: MONDAY_8PM });
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(0);
    expect(await campaignNow(s, c.id)).toMatchObject({ status: 'EM_ANDAMENTO', waitingUntil: '2026-03-03T12:00:00.000Z' });
    const listed = (await s.api.get('/campaigns', { searchParam: '', pageNumber: '1' })).json().records;
    expect(listed.find((x: { id: number }) => x.id === c.id).waitingUntil).toBe('2026-03-03T12:00:00.000Z');

    expect((await s.api.post('/campaign-settings', { settings: { startHour: '08:00', endHour: '22:00' } })).statusCode).toBe(200);
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(3);
    expect(await campaignNow(s, c.id)).toMatchObject({ status: 'FINALIZADA', deliveredCount: 3, waitingUntil: null });
    // The step queued for Tuesday 09:00 by the old hours changes nothing when it comes.
    t.clock.set('2026-03-03T12:00:00Z');
    await t.jobs.fireDueTimers();
    expect(await outbox(t, s.connectionId)).toHaveLength(3);
  });

  test('hours changed but still closed: it keeps waiting, now until the new opening', async () => {
    t.clock.set(MONDAY_8PM);
    const s = await campaignSetup(t, 2, { ...NO_PAUSES, startHour: '09:00', endHour: '18:00' });
    const c = await createCampaign(s, { scheduledAt: MONDAY_8PM });
    await t.jobs.drain();
    await s.api.post('/campaign-settings', { settings: { startHour: '07:00' } });
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(0);
    expect(await campaignNow(s, c.id)).toMatchObject({ status: 'EM_ANDAMENTO', waitingUntil: '2026-03-03T10:00:00.000Z' });
    t.clock.set('2026-03-03T10:00:00Z');
    await t.jobs.fireDueTimers();
    expect(await outbox(t, s.connectionId)).toHaveLength(2);
  });

  test('a campaign between paced sends is not hurried by a settings save', async () => {
    const monday10am = '2026-03-02T13:00:00Z';
    t.clock.set(monday10am);
    const s = await campaignSetup(t, 3, { messageInterval: 60, longerIntervalAfter: 0, greaterInterval: 0 });
    await createCampaign(s, { scheduledAt: monday10am });
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(1);
    await s.api.post('/campaign-settings', { settings: { endHour: '23:00' } });
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(1);
  });
});
