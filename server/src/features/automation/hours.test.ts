import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { companies, type QueueScheduleRow, ticketLogs } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { withinSchedule } from './hours';
import { botConnection, customer, setSettings, updateConnection } from './testing';

const t = useTestApp();
afterEach(() => {
  t.clock.reset();
  expect(t.jobs.errors).toEqual([]);
});

/** Mondays 08:00-12:00 and 13:00-18:00 only. */
const MONDAYS: QueueScheduleRow[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' },
];
// 2 March 2026 is a Monday; the company's time zone is America/Sao_Paulo (UTC-3).
const MONDAY_9AM = '2026-03-02T12:00:00Z';
const MONDAY_12_30 = '2026-03-02T15:30:00Z';
const MONDAY_8PM = '2026-03-02T23:00:00Z';
const TUESDAY_10AM = '2026-03-03T13:00:00Z';

test('service hours: two shifts of the weekday, in the company time zone; no schedules means always open', () => {
  const tz = 'America/Sao_Paulo';
  expect(withinSchedule(MONDAYS, new Date(MONDAY_9AM), tz)).toBe(true);
  expect(withinSchedule(MONDAYS, new Date(MONDAY_12_30), tz)).toBe(false);
  expect(withinSchedule(MONDAYS, new Date(MONDAY_8PM), tz)).toBe(false);
  expect(withinSchedule(MONDAYS, new Date(TUESDAY_10AM), tz)).toBe(false);
  expect(withinSchedule([], new Date(MONDAY_8PM), tz)).toBe(true);
});

async function company() {
  const admin = await t.factory.admin();
  const a = await t.factory.queue(admin.companyId, {
    name: 'Comercial',
    greetingMessage: 'Comercial',
    orderQueue: 1,
    schedules: MONDAYS,
    outOfHoursMessage: 'Comercial fechado',
  });
  const b = await t.factory.queue(admin.companyId, { name: 'Técnico', greetingMessage: 'Técnico', orderQueue: 2 });
  const conn = await botConnection(t, admin, [a, b], { outOfHoursMessage: 'Estamos fechados' });
  return { admin, a, b, conn };
}

test('scheduleType company: out of the company hours the customer gets the out-of-hours message and no menu', async () => {
  const { admin, conn } = await company();
  await t.database.db.update(companies).set({ schedules: MONDAYS }).where(eq(companies.id, admin.companyId));
  await setSettings(t, admin.companyId, { scheduleType: 'company' });
  t.clock.set(MONDAY_8PM);
  const ana = customer(t, conn);
  expect(await ana.write('oi')).toEqual(['Estamos fechados']);
  expect(await ana.write('alô?')).toEqual(['Estamos fechados']);
  expect(await ana.ticket()).toMatchObject({ status: 'pending', isBot: false });
  // Next morning... the following Monday, in hours: the menu.
  t.clock.set('2026-03-09T12:00:00Z');
  expect(await ana.write('bom dia')).toEqual(['Olá! Escolha um setor:\n\n*[ 1 ]* - Comercial\n*[ 2 ]* - Técnico']);
});

test('scheduleType connection reads the connection hours', async () => {
  const { admin, conn } = await company();
  await updateConnection(t, conn.id, { schedules: MONDAYS });
  await setSettings(t, admin.companyId, { scheduleType: 'connection' });
  t.clock.set(TUESDAY_10AM);
  expect(await customer(t, conn).write('oi')).toEqual(['Estamos fechados']);
  t.clock.set(MONDAY_9AM);
  expect(await customer(t, conn).write('oi')).toHaveLength(1);
  expect((await customer(t, conn).write('oi'))[0]).toContain('*[ 1 ]* - Comercial');
});

test('scheduleType queue: choosing a closed queue answers its outOfHoursMessage and the ticket waits there', async () => {
  const { admin, a, b, conn } = await company();
  await setSettings(t, admin.companyId, { scheduleType: 'queue' });
  t.clock.set(MONDAY_12_30);
  const bia = customer(t, conn);
  expect(await bia.write('oi')).toHaveLength(1);
  expect(await bia.write('1')).toEqual(['Comercial fechado']);
  expect(await bia.ticket()).toMatchObject({ queueId: a.id, status: 'pending', isBot: false });
  // A queue without schedules is always open.
  const caio = customer(t, conn);
  await caio.write('oi');
  expect(await caio.write('2')).toEqual(['Técnico']);
  expect((await caio.ticket()).queueId).toBe(b.id);
});

test('collective vacation answers with its own message between its dates, whatever the hours', async () => {
  const { conn } = await company();
  await updateConnection(t, conn.id, {
    collectiveVacationStart: '2026-03-01',
    collectiveVacationEnd: '2026-03-10',
    collectiveVacationMessage: 'Férias coletivas até dia 10',
  });
  t.clock.set(MONDAY_9AM);
  expect(await customer(t, conn).write('oi')).toEqual(['Férias coletivas até dia 10']);
  t.clock.set('2026-03-11T12:00:00Z');
  expect(await customer(t, conn).write('oi')).toHaveLength(1);
  expect((await customer(t, conn).write('oi'))[0]).toContain('Olá!');
});

test('timeSendQueue: a ticket still waiting after the minutes moves to sendIdQueue with a redirect log entry', async () => {
  const { admin, a, b, conn } = await company();
  await updateConnection(t, conn.id, { timeSendQueue: 10, sendIdQueue: b.id });
  t.clock.set(MONDAY_9AM);
  const dora = customer(t, conn);
  await dora.write('oi');
  t.clock.advanceMinutes(9);
  await t.jobs.fireDueTimers();
  expect((await dora.ticket()).queueId).toBeNull();
  t.clock.advanceMinutes(1);
  await t.jobs.fireDueTimers();
  const ticket = await dora.ticket();
  expect(ticket).toMatchObject({ queueId: b.id, status: 'pending', isBot: false });
  const logs = await t.database.db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id)).orderBy(ticketLogs.id);
  expect(logs.at(-1)).toMatchObject({ type: 'redirect', queueId: b.id });
  // The bot is done with it: its menu no longer answers.
  expect(await dora.write('1')).toEqual([]);

  // One an agent took in time is left where it is.
  const eva = customer(t, conn);
  await eva.write('oi');
  await eva.write('1');
  const taken = await eva.ticket();
  await (await t.as(admin)).put(`/tickets/${taken.id}`, { status: 'open', userId: admin.id, queueId: a.id });
  t.clock.advanceMinutes(10);
  await t.jobs.fireDueTimers();
  expect(await eva.ticket()).toMatchObject({ queueId: a.id, status: 'open' });
});
