import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { campaignShipping } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerOf } from '../../test/simulator';
import { claimRows } from './dispatch/claim';
import { shippingKey } from './dispatch/send';
import { campaignNow, campaignSetup, createCampaign, MONDAY_10AM, NO_PAUSES, outbox } from './testing';

const t = useTestApp();
const at = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000);

describe('campaign dispatch', () => {
  test('every contact receives one message, variants rotated, variables filled; the campaign reaches FINALIZADA', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 5, { ...NO_PAUSES, variables: [{ key: 'loja', value: 'Centro' }] });
    const c = await createCampaign(s, {
      message1: 'A {nome} {numero} {email} {loja}',
      message2: '',
      message3: 'B {nome} {desconhecida}',
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    const sent = await outbox(t, s.connectionId);
    expect(sent.map((m) => m.number).sort()).toEqual([...s.numbers].sort());
    expect(sent.find((m) => m.number === s.numbers[0])?.body).toBe(`A Cliente 1 ${s.numbers[0]} c1@x.com Centro`);
    expect(sent.find((m) => m.number === s.numbers[1])?.body).toBe('B Cliente 2 {desconhecida}');
    expect(sent.find((m) => m.number === s.numbers[2])?.body).toMatch(/^A Cliente 3/);
    const done = await campaignNow(s, c.id);
    expect(done).toMatchObject({ status: 'FINALIZADA', contactsCount: 5, deliveredCount: 5 });
    expect(done.completedAt).toBe(MONDAY_10AM.replace('Z', '.000Z'));
    const report = (await s.api.get(`/campaigns/${c.id}/shipping`)).json();
    expect(report.records.every((r: { deliveredAt: string | null }) => r.deliveredAt)).toBe(true);
    expect(t.sent.filter((e) => e.event === `company-${s.admin.companyId}-campaign`).at(-1)?.payload).toMatchObject({
      record: { status: 'FINALIZADA' },
    });
    t.clock.reset();
  });

  test('pacing: the message interval between sends and the greater interval after every Nth, by the clock', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 6, { messageInterval: 20, longerIntervalAfter: 5, greaterInterval: 60 });
    await createCampaign(s, { scheduledAt: MONDAY_10AM });
    await t.jobs.drain();
    const countAt = async (seconds: number) => {
      t.clock.set(at(MONDAY_10AM, seconds));
      await t.jobs.fireDueTimers();
      return (await outbox(t, s.connectionId)).length;
    };
    expect(await countAt(0)).toBe(1);
    expect(await countAt(19)).toBe(1);
    expect(await countAt(20)).toBe(2);
    expect(await countAt(40)).toBe(3);
    expect(await countAt(60)).toBe(4);
    expect(await countAt(80)).toBe(5);
    expect(await countAt(139)).toBe(5); // after the 5th message comes the greater interval (60 s)
    expect(await countAt(140)).toBe(6);
    t.clock.reset();
  });

  test('sending hours and weekends: a campaign due on Saturday waits for Monday 09:00 in the company’s time zone', async () => {
    const saturday = '2026-03-07T13:00:00Z'; // 10:00 in São Paulo
    t.clock.set(saturday);
    const s = await campaignSetup(t, 2, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    await createCampaign(s, { scheduledAt: saturday });
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(0);
    const held = t.jobs.heldTimers('campaign.dispatch');
    expect(held.map((h) => h.dueAt.toISOString())).toContain('2026-03-09T12:00:00.000Z');
    t.clock.set('2026-03-09T11:59:00Z');
    await t.jobs.fireDueTimers();
    expect(await outbox(t, s.connectionId)).toHaveLength(0);
    t.clock.set('2026-03-09T12:00:00Z');
    await t.jobs.fireDueTimers();
    expect(await outbox(t, s.connectionId)).toHaveLength(2);
    t.clock.reset();
  });

  test('cancel stops the dispatch; restart goes on from where it stopped, nobody twice', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 3, { messageInterval: 30, longerIntervalAfter: 0, greaterInterval: 0 });
    const c = await createCampaign(s, { scheduledAt: MONDAY_10AM });
    await t.jobs.drain();
    expect((await s.api.post(`/campaigns/${c.id}/cancel`)).json().status).toBe('CANCELADA');
    t.clock.set(at(MONDAY_10AM, 120));
    await t.jobs.fireDueTimers();
    expect(await outbox(t, s.connectionId)).toHaveLength(1);
    expect((await s.api.post(`/campaigns/${c.id}/restart`)).json().status).toBe('EM_ANDAMENTO');
    await t.jobs.drain();
    for (let i = 1; i <= 3; i++) {
      t.clock.set(at(MONDAY_10AM, 120 + 30 * i));
      await t.jobs.fireDueTimers();
    }
    const sent = await outbox(t, s.connectionId);
    expect(sent.map((m) => m.number).sort()).toEqual([...s.numbers].sort());
    expect((await campaignNow(s, c.id)).status).toBe('FINALIZADA');
    t.clock.reset();
  });

  test('a crash after the claim (before or after the provider sent) neither loses nor repeats a send', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 4, { ...NO_PAUSES, startHour: '09:00', endHour: '18:00' });
    // An INATIVA campaign moved by hand to the state a dead worker leaves: rows written, two claimed.
    const c = await createCampaign(s, { scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString() });
    await t.jobs.drain();
    const { campaigns } = await import('../../db/schema');
    const { prepareShipping } = await import('./dispatch/prepare');
    const db = t.database.db;
    const [row] = await db
      .update(campaigns)
      .set({ status: 'EM_ANDAMENTO', scheduledAt: new Date(MONDAY_10AM) })
      .where(eq(campaigns.id, c.id))
      .returning();
    expect(await prepareShipping(db, row)).toBe(4);
    const claimed = await claimRows(db, c.id, 2, new Date(MONDAY_10AM));
    expect(claimed).toHaveLength(2);
    // The first claimed row had reached the provider before the crash; the second had not.
    const provider = await t.channels.providerFor(s.connectionId);
    await provider.send({ kind: 'text', to: claimed[0].number, body: 'Olá Cliente 1' }, { idempotencyKey: shippingKey(claimed[0].id) });
    // A new worker: the two pending rows go at once; the claimed ones wait for their lease.
    const { dispatchStepJob } = await import('./dispatch/step');
    await dispatchStepJob.send(t.jobs, { campaignId: c.id, seq: row.dispatchSeq });
    await t.jobs.drain();
    expect(await outbox(t, s.connectionId)).toHaveLength(3);
    t.clock.set(at(MONDAY_10AM, 61));
    await t.jobs.fireDueTimers();
    const sent = await outbox(t, s.connectionId);
    expect(sent.map((m) => m.number).sort()).toEqual([...s.numbers].sort());
    const states = await db
      .select({ state: campaignShipping.state })
      .from(campaignShipping)
      .where(and(eq(campaignShipping.campaignId, c.id)));
    expect(states.every((r) => r.state === 'delivered')).toBe(true);
    expect(await campaignNow(s, c.id)).toMatchObject({ status: 'FINALIZADA', deliveredCount: 4 });
    t.clock.reset();
  });

  test('numbers the provider called invalid get no shipping row', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 2, NO_PAUSES);
    await s.api.post('/contact-list-items', { name: 'Fora', number: '5511900000000', contactListId: s.listId });
    await t.jobs.drain();
    const c = await createCampaign(s, { scheduledAt: MONDAY_10AM });
    await t.jobs.drain();
    expect(await campaignNow(s, c.id)).toMatchObject({ contactsCount: 2, deliveredCount: 2, status: 'FINALIZADA' });
    t.clock.reset();
  });

  test('confirmation flow: the confirmation message first, the campaign message once the contact answers (once, however often)', async () => {
    t.clock.set(MONDAY_10AM);
    const s = await campaignSetup(t, 2, NO_PAUSES);
    const c = await createCampaign(s, {
      confirmation: true,
      message1: 'Oferta para {nome}',
      confirmationMessage1: 'Quer receber a oferta, {nome}?',
      scheduledAt: MONDAY_10AM,
    });
    await t.jobs.drain();
    expect((await outbox(t, s.connectionId)).map((m) => m.body).sort()).toEqual([
      'Quer receber a oferta, Cliente 1?',
      'Quer receber a oferta, Cliente 2?',
    ]);
    expect(await campaignNow(s, c.id)).toMatchObject({ status: 'FINALIZADA', deliveredCount: 0 });
    const customer = customerOf(t, s.connection);
    for (const body of ['sim', 'sim!']) {
      const res = await customer.send({ from: s.numbers[0], name: 'Cliente 1', type: 'text', body });
      expect(res.statusCode, res.body).toBe(200);
      await t.jobs.drain();
    }
    const sent = await outbox(t, s.connectionId);
    expect(sent.filter((m) => m.number === s.numbers[0]).map((m) => m.body)).toEqual([
      'Quer receber a oferta, Cliente 1?',
      'Oferta para Cliente 1',
    ]);
    expect(sent.filter((m) => m.number === s.numbers[1])).toHaveLength(1);
    expect((await campaignNow(s, c.id)).deliveredCount).toBe(1);
    t.clock.reset();
  });
});
