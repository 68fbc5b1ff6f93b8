import { MAIN_COMPANY_ID } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { companies, queues } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const countQueues = async (companyId: number) => (await t.database.db.select().from(queues).where(eq(queues.companyId, companyId))).length;

test('validation answers each field with its message, in the caller language', async () => {
  const api = await t.as(await t.factory.admin());
  const res = await api.post('/queue', { name: 'A', color: '', tempoRoteador: 7, orderQueue: 'x' });
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.error).toBe('ERR_VALIDATION');
  const byField = Object.fromEntries(body.fields.map((f: { field: string; key: string; message: string }) => [f.field, f]));
  expect(byField.name).toMatchObject({ key: 'validation.tooShort', message: 'Muito curto!' });
  expect(byField.color).toMatchObject({ key: 'validation.required', message: 'Obrigatório' });
  expect(byField.tempoRoteador).toMatchObject({ key: 'validation.invalid' });
  expect(byField.orderQueue).toMatchObject({ key: 'validation.number' });

  const en = await api.inject({
    method: 'POST',
    url: '/queue',
    payload: { name: 'x'.repeat(51), color: '#1' },
    headers: { 'accept-language': 'en' },
  });
  const enFields = Object.fromEntries(en.json().fields.map((f: { field: string; message: string }) => [f.field, f.message]));
  expect(enFields).toMatchObject({ name: 'Too Long!', color: 'Too Short!' });
});

test('colour must be a hex colour of 3 to 9 characters', async () => {
  const api = await t.as(await t.factory.admin());
  const tooLong = await api.post('/queue', { name: 'Fila', color: '#1234567890' });
  expect(tooLong.json().fields).toEqual([expect.objectContaining({ field: 'color', key: 'validation.tooLong' })]);
  const notHex = await api.post('/queue', { name: 'Fila', color: 'red' });
  expect(notHex.json().fields).toEqual([expect.objectContaining({ field: 'color', key: 'validation.color' })]);
});

test('an out-of-hours message is required once the queue has service hours', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const schedules = [{ weekday: 'Segunda-feira', startTimeA: '08:00', endTimeA: '12:00' }];
  const res = await api.post('/queue', { name: 'Horário', color: '#010101', schedules });
  expect(res.statusCode).toBe(400);
  expect(res.json().fields).toEqual([expect.objectContaining({ field: 'outOfHoursMessage', key: 'validation.required' })]);

  const badTime = await api.post('/queue', { name: 'Horário', color: '#010101', schedules: [{ weekday: 'Seg', startTimeA: '25:00' }] });
  expect(badTime.json().fields).toEqual(
    expect.arrayContaining([expect.objectContaining({ field: 'schedules.0.startTimeA', key: 'validation.time' })]),
  );

  // On update the rule is checked against the queue as it will be: sending only schedules is refused too.
  const queue = await t.factory.queue(admin.companyId, { outOfHoursMessage: '' });
  const put = await api.put(`/queue/${queue.id}`, { schedules });
  expect(put.statusCode).toBe(400);
  expect(put.json().fields[0]).toMatchObject({ field: 'outOfHoursMessage', key: 'validation.required' });
  expect((await api.put(`/queue/${queue.id}`, { schedules, outOfHoursMessage: 'Fechado' })).statusCode).toBe(200);
});

test('colour is unique per company, ignoring case, on create and update', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  await t.factory.queue(admin.companyId, { color: '#aabbcc' });
  const res = await api.post('/queue', { name: 'Outra', color: '#AABBCC', greetingMessage: 'Oi' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });

  const second = await t.factory.queue(admin.companyId, { color: '#000001' });
  const put = await api.put(`/queue/${second.id}`, { color: '#AaBbCc' });
  expect(put.json()).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });

  // Another company may use the same colour.
  const stranger = await t.factory.admin();
  expect((await (await t.as(stranger)).post('/queue', { name: 'Outra', color: '#aabbcc' })).statusCode).toBe(200);
});

test('queue names are unique per company, ignoring case', async () => {
  const admin = await t.factory.admin();
  await t.factory.queue(admin.companyId, { name: 'Vendas' });
  const res = await (await t.as(admin)).post('/queue', { name: ' vendas ', color: '#0000ff', greetingMessage: 'Oi' });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_QUEUE_NAME_ALREADY_EXISTS' });
});

test('a greeting message is required once the company has more than one queue', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const first = await api.post('/queue', { name: 'Primeira', color: '#111111' });
  expect(first.statusCode).toBe(200);

  const second = await api.post('/queue', { name: 'Segunda', color: '#222222', greetingMessage: '   ' });
  expect(second.statusCode).toBe(400);
  expect(second.json()).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
  expect(await countQueues(admin.companyId)).toBe(1);

  expect((await api.post('/queue', { name: 'Segunda', color: '#222222', greetingMessage: 'Olá' })).statusCode).toBe(200);
  const cleared = await api.put(`/queue/${first.json().id}`, { greetingMessage: '' });
  expect(cleared.json()).toEqual({ error: 'ERR_WAPP_GREETING_REQUIRED' });
});

test('the plan queue limit refuses one queue more', async () => {
  const plan = await t.factory.plan({ queues: 2 });
  const company = await t.factory.company({ planId: plan.id });
  const admin = await t.factory.admin({ company });
  const api = await t.as(admin);
  expect((await api.post('/queue', { name: 'Um', color: '#100000', greetingMessage: 'Oi' })).statusCode).toBe(200);
  expect((await api.post('/queue', { name: 'Dois', color: '#200000', greetingMessage: 'Oi' })).statusCode).toBe(200);
  const third = await api.post('/queue', { name: 'Tres', color: '#300000', greetingMessage: 'Oi' });
  expect(third.statusCode).toBe(400);
  expect(third.json()).toEqual({ error: 'ERR_PLAN_QUEUE_LIMIT' });
  expect(await countQueues(company.id)).toBe(2);
});

test('concurrent creates never pass the plan limit or duplicate a colour', async () => {
  const plan = await t.factory.plan({ queues: 3 });
  const company = await t.factory.company({ planId: plan.id });
  const api = await t.as(await t.factory.admin({ company }));
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      api.post('/queue', { name: `Fila ${i}`, color: i % 2 ? '#abcabc' : `#00000${i}`, greetingMessage: 'Oi' }),
    ),
  );
  // Four of the six have distinct colours (three #00000n and one #abcabc), so whatever the order exactly
  // three fit the plan; each refusal is the limit or the colour rule, never anything else.
  const ok = results.filter((r) => r.statusCode === 200);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400, 400]);
  for (const refused of results.filter((r) => r.statusCode === 400)) {
    expect(['ERR_PLAN_QUEUE_LIMIT', 'ERR_QUEUE_COLOR_ALREADY_EXISTS']).toContain(refused.json().error);
  }
  const rows = await t.database.db.select().from(queues).where(eq(queues.companyId, company.id));
  expect(rows.map((r) => r.id).sort()).toEqual(ok.map((r) => r.json().id).sort());
  expect(new Set(rows.map((r) => r.color)).size).toBe(3);
});

test('the main company has no queue limit', async () => {
  const plan = await t.factory.plan({ queues: 0 });
  await t.database.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, MAIN_COMPANY_ID));
  const admin = await t.factory.admin({ companyId: MAIN_COMPANY_ID });
  const res = await (await t.as(admin)).post('/queue', { name: `Principal ${admin.id}`, color: '#765432', greetingMessage: 'Oi' });
  expect(res.statusCode).toBe(200);
});

test('writes need a valid subscription; reading the list does not', async () => {
  const company = await t.factory.company({ dueDate: '2000-01-01' });
  const admin = await t.factory.admin({ company });
  const queue = await t.factory.queue(company.id);
  const api = await t.as(admin);
  for (const res of [
    await api.post('/queue', { name: 'Nova', color: '#999999' }),
    await api.put(`/queue/${queue.id}`, { name: 'Nova' }),
    await api.delete(`/queue/${queue.id}`),
  ]) {
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'ERR_SUBSCRIPTION_EXPIRED' });
  }
  expect((await api.get('/queue')).statusCode).toBe(200);
  expect(await countQueues(company.id)).toBe(1);
});
