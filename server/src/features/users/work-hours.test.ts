import { describe, expect, test } from 'vitest';
import { withinWorkHours } from '../../http/work-hours';
import { TEST_PASSWORD } from '../../test/factory';
import { useTestApp } from '../../test/harness';
import { customerNumber, customerOf, simulatorConnection } from '../../test/simulator';

const t = useTestApp();

/** A São Paulo wall-clock time (UTC−3) on a weekday. */
const sp = (hhmm: string) => `2026-03-10T${hhmm}:00-03:00`;

/** A company with a pending ticket in a queue, and an agent of that queue working 08:00–18:00. */
async function office() {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const connection = await simulatorConnection(t, admin, { queueIds: [queue.id] });
  const agent = await t.factory.user({ companyId: admin.companyId, startWork: '08:00', endWork: '18:00' });
  await t.factory.addUserToQueue(agent.id, queue.id);
  const sent = (await customerOf(t, connection).send({ from: customerNumber(), name: 'Ana', body: 'Olá' })).json();
  await t.jobs.drain();
  return { admin, agent, queue, connection, ticketId: sent.ticketId as number };
}

const login = (email: string) => t.anon.post('/auth/login', { email, password: TEST_PASSWORD });

describe("users' work hours (startWork, endWork)", () => {
  test('outside them, login is refused with ERR_OUT_OF_HOURS; inside, it works', async () => {
    const { agent } = await office();
    t.clock.set(sp('18:30'));
    const refused = await login(agent.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
    t.clock.set(sp('07:59'));
    expect((await login(agent.email)).statusCode).toBe(403);
    t.clock.set(sp('08:00'));
    expect((await login(agent.email)).statusCode).toBe(200);
    t.clock.set(sp('18:00'));
    expect((await login(agent.email)).statusCode).toBe(200);
    t.clock.reset();
  });

  test('a wrong password outside the hours is still ERR_INVALID_CREDENTIALS (the hours are not revealed)', async () => {
    const { agent } = await office();
    t.clock.set(sp('23:00'));
    const res = await t.anon.post('/auth/login', { email: agent.email, password: 'not-it' });
    expect(res.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    t.clock.reset();
  });

  test('outside them, a signed-in agent cannot accept, reply to or open a ticket; the ticket is unchanged', async () => {
    const { agent, queue, ticketId } = await office();
    const api = await t.as(agent);
    t.clock.set(sp('21:00'));
    const accept = await api.put(`/tickets/${ticketId}`, { status: 'open', userId: agent.id, queueId: queue.id });
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
    expect((await api.post(`/messages/${ticketId}`, { body: 'Oi', fromMe: true, read: 1 })).json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
    expect((await api.post('/tickets', { contactId: 1, status: 'open', userId: agent.id })).json()).toEqual({ error: 'ERR_OUT_OF_HOURS' });
    t.clock.set(sp('10:00'));
    expect((await api.get(`/tickets/${ticketId}`)).json().status).toBe('pending');
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open', userId: agent.id, queueId: queue.id })).statusCode).toBe(200);
    expect((await api.post(`/messages/${ticketId}`, { body: 'Oi', fromMe: true, read: 1 })).statusCode).toBe(200);
    t.clock.reset();
  });

  test('admins are exempt: an admin with the same hours logs in and works at night', async () => {
    const { admin, queue, ticketId } = await office();
    const nightOwl = await t.factory.admin({ companyId: admin.companyId, startWork: '08:00', endWork: '18:00' });
    t.clock.set(sp('23:30'));
    expect((await login(nightOwl.email)).statusCode).toBe(200);
    const api = await t.as(nightOwl);
    expect((await api.put(`/tickets/${ticketId}`, { status: 'open', userId: nightOwl.id, queueId: queue.id })).statusCode).toBe(200);
    t.clock.reset();
  });

  test('the hours are read in the company time zone, and a night shift spans midnight', () => {
    const at = new Date('2026-03-10T02:30:00Z'); // 23:30 in São Paulo, 18:30 in Los Angeles
    expect(withinWorkHours('22:00', '06:00', at, 'America/Sao_Paulo')).toBe(true);
    expect(withinWorkHours('22:00', '06:00', at, 'America/Los_Angeles')).toBe(false);
    expect(withinWorkHours('08:00', '18:00', new Date('2026-03-10T15:00:00Z'), 'America/Sao_Paulo')).toBe(true);
    expect(withinWorkHours('00:00', '23:59', at, 'America/Sao_Paulo')).toBe(true);
  });
});
