import { expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('every dialog field is stored and answered; secrets never appear', async () => {
  const admin = await t.factory.admin();
  const [q1, q2] = [await t.factory.queue(admin.companyId), await t.factory.queue(admin.companyId)];
  const api = await t.as(admin);
  const fields = {
    name: 'Completa',
    inactiveMessage: 'Ainda aí?',
    expiresInactiveMessage: 'Encerrado por inatividade',
    timeInactiveMessage: 15,
    collectiveVacationStart: day(1),
    collectiveVacationEnd: day(10),
    collectiveVacationMessage: 'Férias coletivas',
    maxUseBotQueues: 5,
    timeUseBotQueues: 30,
    maxUseBotQueuesNPS: 2,
    expiresTicket: 120,
    whenExpiresTicket: '1',
    expiresTicketNPS: 10,
    timeSendQueue: 5,
    sendIdQueue: q1.id,
    timeCreateNewTicket: 60,
    schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' }],
    importOldMessages: day(-30),
    importRecentMessages: day(-1),
    importOldMessagesGroups: true,
    closedTicketsPostImported: true,
    queueIdImportMessages: q2.id,
  };
  const res = await api.post('/whatsapp', fields);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ ...fields, maxUseBotQueues: 5 });
  const read = (await api.get(`/whatsapp/${res.json().id}`)).json();
  expect(read).toMatchObject(fields);
  expect(read).not.toHaveProperty('tokenMeta');
  expect(read).not.toHaveProperty('facebookUserToken');
  const defaults = (await api.post('/whatsapp', { name: 'Padrão' })).json();
  expect(defaults).toMatchObject({
    maxUseBotQueues: 3,
    maxUseBotQueuesNPS: 3,
    provider: 'beta',
    whenExpiresTicket: '0',
    sendIdQueue: null,
  });
});

test('cross-field rules answer with the spec messages (errorSendQueue, import and vacation dates, errorExpiresNPS)', async () => {
  const admin = await t.factory.admin();
  const queue = await t.factory.queue(admin.companyId);
  const api = await t.as(admin);
  const en = (payload: object, method: 'POST' | 'PUT' = 'POST', url = '/whatsapp') =>
    api.inject({ method, url, payload, headers: { 'accept-language': 'en' } });
  const cases: [object, string, string][] = [
    [
      { timeSendQueue: 5 },
      'sendIdQueue',
      'A time to redirect the queue was given but no redirect queue was chosen. Both fields must be filled',
    ],
    [
      { sendIdQueue: queue.id },
      'timeSendQueue',
      'A time to redirect the queue was given but no redirect queue was chosen. Both fields must be filled',
    ],
    [{ importOldMessages: day(1) }, 'importOldMessages', 'The date must be between 2 years ago and today'],
    [{ importOldMessages: day(-800) }, 'importOldMessages', 'The date must be between 2 years ago and today'],
    [
      { importOldMessages: day(-10), importRecentMessages: day(-20) },
      'importRecentMessages',
      'The date must not be before the start date nor in the future',
    ],
    [{ collectiveVacationMessage: 'Férias' }, 'collectiveVacationStart', 'Required'],
    [
      { collectiveVacationStart: day(-11), collectiveVacationEnd: day(2) },
      'collectiveVacationStart',
      'Choose a date from 10 days ago onwards',
    ],
    [{ collectiveVacationStart: day(5), collectiveVacationEnd: day(2) }, 'collectiveVacationEnd', 'The end must be on or after the start'],
    [{ timeInactiveMessage: -1 }, 'timeInactiveMessage', 'Must be a number'],
    [{ whenExpiresTicket: '2' }, 'whenExpiresTicket', 'Invalid value'],
  ];
  for (const [body, field, message] of cases) {
    const res = await en({ name: 'Regras', ...body });
    expect(res.statusCode, JSON.stringify(body)).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field, message });
  }
  // With user ratings on, the rating message and the NPS expiry are required, on create and on update.
  expect((await api.put('/settings/userRating', { value: 'enabled' })).statusCode).toBe(200);
  const nps = await en({ name: 'Avaliação' });
  expect(nps.statusCode).toBe(400);
  expect(nps.json().fields.map((f: { field: string }) => f.field)).toEqual(['ratingMessage', 'expiresTicketNPS']);
  const ok = await en({ name: 'Avaliação', ratingMessage: 'Nota de 0 a 10?', expiresTicketNPS: 10 });
  expect(ok.statusCode, ok.body).toBe(200);
  const off = await en({ expiresTicketNPS: 0 }, 'PUT', `/whatsapp/${ok.json().id}`);
  expect(off.statusCode).toBe(400);
  expect(off.json().fields[0].field).toBe('expiresTicketNPS');
  // An update is judged with the stored values: a redirect queue alone completes a stored time.
  const partial = await en({ timeSendQueue: 5, sendIdQueue: queue.id }, 'PUT', `/whatsapp/${ok.json().id}`);
  expect(partial.statusCode, partial.body).toBe(200);
  expect((await en({ timeSendQueue: 0 }, 'PUT', `/whatsapp/${ok.json().id}`)).statusCode).toBe(400);
});

test('a redirect or import queue of another company is 404', async () => {
  const admin = await t.factory.admin();
  const foreign = await t.factory.queue((await t.factory.admin()).companyId);
  const api = await t.as(admin);
  expect((await api.post('/whatsapp', { name: 'X1', timeSendQueue: 5, sendIdQueue: foreign.id })).statusCode).toBe(404);
  expect((await api.post('/whatsapp', { name: 'X2', queueIdImportMessages: foreign.id })).statusCode).toBe(404);
});
