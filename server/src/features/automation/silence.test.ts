import { afterEach, expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';
import { botConnection, customer, jobDepsOf, setSettings, updateConnection } from './testing';
import { silenceJob } from './silence';

const t = useTestApp();
afterEach(() => {
  t.clock.reset();
  expect(t.jobs.errors).toEqual([]);
});

async function menuCompany() {
  const admin = await t.factory.admin();
  const a = await t.factory.queue(admin.companyId, { name: 'Vendas', orderQueue: 1 });
  const b = await t.factory.queue(admin.companyId, { name: 'Suporte', orderQueue: 2 });
  const conn = await botConnection(t, admin, [a, b]);
  return { admin, a, b, conn };
}

test('a customer silent at a menu for timeInactiveMessage minutes gets inactiveMessage once; an answer voids the timer', async () => {
  const { conn } = await menuCompany();
  await updateConnection(t, conn.id, { timeInactiveMessage: 5, inactiveMessage: 'Ainda está aí?' });
  t.clock.set('2026-03-02T12:00:00Z');
  const ana = customer(t, conn);
  await ana.write('oi');
  t.clock.advanceMinutes(4);
  await t.jobs.fireDueTimers();
  expect(await ana.received()).toEqual([]);
  t.clock.advanceMinutes(1);
  const [timer] = t.jobs.heldTimers('automation.silence');
  await t.jobs.fireDueTimers();
  expect(await ana.received()).toEqual(['Ainda está aí?']);
  // A second delivery of the same timer says nothing more.
  await silenceJob.run(silenceJob.payload.parse(timer.payload), jobDepsOf(t));
  await t.jobs.drain();
  expect(await ana.received()).toEqual([]);

  // An answer in time: the earlier timer finds a newer message and does nothing.
  const bia = customer(t, conn);
  await bia.write('oi');
  t.clock.advanceMinutes(3);
  await bia.write('x');
  t.clock.advanceMinutes(3);
  await t.jobs.fireDueTimers();
  expect(await bia.received()).toEqual([]);
});

test('expiresTicket closes a ticket the customer left silent, with expiresInactiveMessage; whenExpiresTicket 1 spares open tickets', async () => {
  const { admin, a, conn } = await menuCompany();
  await updateConnection(t, conn.id, {
    expiresTicket: 30,
    whenExpiresTicket: '1',
    expiresInactiveMessage: 'Encerramos por falta de resposta',
  });
  t.clock.set('2026-03-02T12:00:00Z');
  const caio = customer(t, conn);
  await caio.write('oi');
  const dora = customer(t, conn);
  await dora.write('oi');
  const attended = await dora.ticket();
  expect((await (await t.as(admin)).put(`/tickets/${attended.id}`, { status: 'open', userId: admin.id, queueId: a.id })).statusCode).toBe(
    200,
  );
  t.clock.advanceMinutes(30);
  await t.jobs.fireDueTimers();
  expect(await caio.received()).toEqual(['Encerramos por falta de resposta']);
  expect(await caio.ticket()).toMatchObject({ status: 'closed', isBot: false });
  expect((await dora.ticket()).status).toBe('open');
});

test('autoCloseTicketHours closes a silent ticket without a word', async () => {
  const { admin, conn } = await menuCompany();
  await setSettings(t, admin.companyId, { autoCloseTicketHours: '2' });
  t.clock.set('2026-03-02T12:00:00Z');
  const eva = customer(t, conn);
  await eva.write('oi');
  t.clock.advanceMinutes(119);
  await t.jobs.fireDueTimers();
  expect((await eva.ticket()).status).toBe('pending');
  t.clock.advanceMinutes(1);
  await t.jobs.fireDueTimers();
  expect((await eva.ticket()).status).toBe('closed');
  expect(await eva.received()).toEqual([]);
});
