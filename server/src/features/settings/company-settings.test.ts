import { COMPANY_SETTING_DEFAULTS } from '@chatflow/contract';
import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { settings } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const stored = async (companyId: number, key: string) =>
  (
    await t.database.db
      .select()
      .from(settings)
      .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
  )[0]?.value;

test('GET /settings lists every company setting with its value, for the admin', async () => {
  const admin = await t.factory.admin();
  await t.database.db
    .update(settings)
    .set({ value: 'enabled' })
    .where(and(eq(settings.companyId, admin.companyId), eq(settings.key, 'userRating')));
  const res = await (await t.as(admin)).get('/settings');
  expect(res.statusCode).toBe(200);
  const list = res.json() as { key: string; value: string }[];
  expect(list.map((s) => s.key).sort()).toEqual(Object.keys(COMPANY_SETTING_DEFAULTS).sort());
  expect(list.find((s) => s.key === 'userRating')).toEqual({ key: 'userRating', value: 'enabled' });
  expect(list.some((s) => s.key === 'userCreation' || s.key === 'asaasToken')).toBe(false);
});

test('a setting missing from the table reads as its default; unknown stored keys are not shown', async () => {
  const admin = await t.factory.admin();
  await t.database.db.delete(settings).where(and(eq(settings.companyId, admin.companyId), eq(settings.key, 'chatBotType')));
  await t.database.db.insert(settings).values({ companyId: admin.companyId, key: 'legacyKey', value: 'x' });
  const list = (await (await t.as(admin)).get('/settings')).json() as { key: string; value: string }[];
  expect(list.find((s) => s.key === 'chatBotType')).toEqual({ key: 'chatBotType', value: 'text' });
  expect(list.some((s) => s.key === 'legacyKey')).toBe(false);
});

test('PUT /settings/:key stores a company setting and announces it to the company', async () => {
  const admin = await t.factory.admin();
  const res = await (await t.as(admin)).put('/settings/scheduleType', { value: 'queue' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ key: 'scheduleType', value: 'queue' });
  expect(await stored(admin.companyId, 'scheduleType')).toBe('queue');
  expect(t.sent.at(-1)).toMatchObject({
    event: `company-${admin.companyId}-settings`,
    payload: { action: 'update', setting: { key: 'scheduleType', value: 'queue' } },
  });
});

test('values are validated per key', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const cases: [string, unknown, string][] = [
    ['userRating', 'yes', 'validation.invalid'],
    ['scheduleType', 'weekly', 'validation.invalid'],
    ['chatBotType', 'voice', 'validation.invalid'],
    ['autoCloseTicketHours', '-1', 'validation.number'],
    ['autoCloseTicketHours', '1.5', 'validation.number'],
    ['lgpdMessage', 'x'.repeat(5001), 'validation.tooLong'],
  ];
  for (const [key, value, message] of cases) {
    const res = await api.put(`/settings/${key}`, { value });
    expect(res.statusCode, key).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [expect.objectContaining({ field: 'value', key: message })] });
  }
  const missing = await api.put('/settings/userRating', {});
  expect(missing.json().fields[0]).toMatchObject({ field: 'value', key: 'validation.required', message: 'Obrigatório' });
  expect(await stored(admin.companyId, 'userRating')).toBe('disabled');

  const hours = await api.put('/settings/autoCloseTicketHours', { value: 24 });
  expect(hours.json()).toEqual({ key: 'autoCloseTicketHours', value: '24' });
  expect(await stored(admin.companyId, 'autoCloseTicketHours')).toBe('24');
});

test('a settings message may not be emptied while its feature needs it', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  // Enabling the feature first is allowed: the message is typed right after on the same screen.
  expect((await api.put('/settings/sendMsgTransfTicket', { value: 'enabled' })).statusCode).toBe(200);
  const empty = await api.put('/settings/transferMessage', { value: '  ' });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().fields[0]).toMatchObject({ field: 'value', key: 'validation.required' });
  expect((await api.put('/settings/transferMessage', { value: 'Transferido para {{queue}}' })).statusCode).toBe(200);

  // The call message is required while calls are refused.
  expect((await api.put('/settings/AcceptCallWhatsappMessage', { value: '' })).statusCode).toBe(200);
  await api.put('/settings/acceptCallWhatsapp', { value: 'disabled' });
  expect((await api.put('/settings/AcceptCallWhatsappMessage', { value: '' })).statusCode).toBe(400);
});

test('an unknown key is 404 ERR_NO_SETTING_FOUND', async () => {
  const api = await t.as(await t.factory.admin());
  const res = await api.put('/settings/doesNotExist', { value: 'x' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
});

test('GET /setting/:key answers one company setting; global and unknown keys are 404', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const res = await api.get('/setting/sendSignMessage');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ key: 'sendSignMessage', value: 'enabled' });
  for (const key of ['appName', 'asaasToken', 'nope']) {
    const r = await api.get(`/setting/${key}`);
    expect(r.statusCode, key).toBe(404);
    expect(r.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
  }
});

test('PUT /companySettings {column, data} is the same update, reporting errors on data', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const res = await api.put('/companySettings', { column: 'chatBotType', data: 'list' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ key: 'chatBotType', value: 'list' });
  expect(await stored(admin.companyId, 'chatBotType')).toBe('list');
  const bad = await api.put('/companySettings', { column: 'chatBotType', data: 'voice' });
  expect(bad.json().fields).toEqual([expect.objectContaining({ field: 'data', key: 'validation.invalid' })]);
  expect((await api.put('/companySettings', { column: 'nope', data: 'x' })).statusCode).toBe(404);
  expect((await api.put('/companySettings', { column: 'userCreation', data: 'disabled' })).statusCode).toBe(403);
});

test('GET /companySettings/:companyId answers an object for the own company, to any user of it', async () => {
  const admin = await t.factory.admin();
  const user = await t.factory.user({ companyId: admin.companyId });
  await (await t.as(admin)).put('/settings/userRandom', { value: 'enabled' });
  const res = await (await t.as(user)).get(`/companySettings/${admin.companyId}`);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ...COMPANY_SETTING_DEFAULTS, userRandom: 'enabled' });
});

test('GET /companySettingOne reads one flag for any user of the company', async () => {
  const admin = await t.factory.admin();
  const user = await t.factory.user({ companyId: admin.companyId });
  await (await t.as(admin)).put('/settings/sendSignMessage', { value: 'disabled' });
  const api = await t.as(user);
  const res = await api.get('/companySettingOne', { column: 'sendSignMessage' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ key: 'sendSignMessage', value: 'disabled', sendSignMessage: 'disabled' });
  expect((await api.get('/companySettingOne', { column: 'asaasToken' })).statusCode).toBe(404);
  expect((await api.get('/companySettingOne')).json().fields[0]).toMatchObject({ field: 'column', key: 'validation.required' });
});
