import { GLOBAL_SETTING_DEFAULTS, SECRET_SETTING_KEYS } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { globalSettings } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const stored = async (key: string) => (await t.database.db.select().from(globalSettings).where(eq(globalSettings.key, key)))[0]?.value;

test('GET /settings/global lists global keys; secrets come back empty with hasValue', async () => {
  const api = await t.as(await t.factory.superUser());
  expect((await api.put('/settings/asaasToken', { value: 'tok_live_123' })).json()).toEqual({
    key: 'asaasToken',
    value: '',
    hasValue: true,
    secret: true,
  });
  const res = await api.get('/settings/global');
  expect(res.statusCode).toBe(200);
  const list = res.json() as { key: string; value: string; hasValue: boolean; secret: boolean }[];
  expect(list.map((s) => s.key).sort()).toEqual([...Object.keys(GLOBAL_SETTING_DEFAULTS), ...SECRET_SETTING_KEYS].sort());
  expect(list.find((s) => s.key === 'asaasToken')).toEqual({ key: 'asaasToken', value: '', hasValue: true, secret: true });
  expect(list.find((s) => s.key === 'efiPixKey')).toEqual({ key: 'efiPixKey', value: '', hasValue: false, secret: true });
  expect(list.find((s) => s.key === 'downloadLimit')).toMatchObject({ value: expect.any(String), secret: false });
  expect(res.body).not.toContain('tok_live_123');
  expect(await stored('asaasToken')).toBe('tok_live_123');
});

test('a super user writes global keys with validation', async () => {
  const api = await t.as(await t.factory.superUser());
  expect((await api.put('/settings/downloadLimit', { value: 128 })).json()).toMatchObject({ key: 'downloadLimit', value: '128' });
  expect(await stored('downloadLimit')).toBe('128');
  expect((await api.put('/settings/primaryColorDark', { value: '#112233' })).statusCode).toBe(200);
  expect(await stored('primaryColorDark')).toBe('#112233');
  expect((await api.put('/settings/userCreation', { value: 'disabled' })).statusCode).toBe(200);
  expect(await stored('userCreation')).toBe('disabled');
  await api.put('/settings/userCreation', { value: 'enabled' });

  const cases: [string, unknown, string][] = [
    ['downloadLimit', '100', 'validation.invalid'],
    ['primaryColorLight', 'blue', 'validation.color'],
    ['userCreation', 'maybe', 'validation.invalid'],
    ['appName', '  ', 'validation.required'],
    ['appLogoLight', '/etc/passwd', 'validation.invalid'],
    ['appLogoLight', 'https://evil.example/logo.png', 'validation.invalid'],
  ];
  for (const [key, value, message] of cases) {
    const res = await api.put(`/settings/${key}`, { value });
    expect(res.statusCode, key).toBe(400);
    expect(res.json().fields).toEqual([expect.objectContaining({ field: 'value', key: message })]);
  }
  expect((await api.put('/settings/appLogoLight', { value: '' })).statusCode).toBe(200);
});

test('global keys and secrets are 403 for an admin who is not super, and nothing changes', async () => {
  const api = await t.as(await t.factory.admin());
  for (const key of ['userCreation', 'downloadLimit', 'appName', 'stripePrivateKey']) {
    const res = await api.put(`/settings/${key}`, { value: key === 'downloadLimit' ? '32' : 'disabled' });
    expect(res.statusCode, key).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  }
  expect(await stored('appName')).toBe(GLOBAL_SETTING_DEFAULTS.appName);
  expect(await stored('stripePrivateKey')).toBeUndefined();
  const list = await api.get('/settings/global');
  expect(list.statusCode).toBe(403);
});

test('global settings do not appear in a super user company settings', async () => {
  const api = await t.as(await t.factory.superUser());
  const list = (await api.get('/settings')).json() as { key: string }[];
  expect(list.some((s) => s.key in GLOBAL_SETTING_DEFAULTS || (SECRET_SETTING_KEYS as readonly string[]).includes(s.key))).toBe(false);
});

test('GET /public-settings/:key answers whitelisted keys as a JSON string, without a session', async () => {
  const res = await t.anon.get('/public-settings/appName');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.body).toBe(JSON.stringify(await stored('appName')));

  const withToken = await t.anon.get('/public-settings/primaryColorLight', { token: 'anything' });
  expect(withToken.statusCode).toBe(200);
  expect(withToken.json()).toBe(await stored('primaryColorLight'));
});

test('public-settings refuses every key outside the whitelist, secrets and company keys included', async () => {
  await (await t.as(await t.factory.superUser())).put('/settings/mpAccessToken', { value: 'APP_USR-secret' });
  for (const key of ['mpAccessToken', 'userCreation', 'downloadLimit', 'sendSignMessage', 'nope']) {
    const res = await t.anon.get(`/public-settings/${key}`);
    expect(res.statusCode, key).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
    expect(res.body).not.toContain('APP_USR');
  }
});
