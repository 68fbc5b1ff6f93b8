import { and, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { settings } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

test('without a session the settings routes are 401 (public-settings aside)', async () => {
  for (const res of [
    await t.anon.get('/settings'),
    await t.anon.get('/settings/global'),
    await t.anon.put('/settings/userRating', { value: 'enabled' }),
    await t.anon.get('/setting/userRating'),
    await t.anon.get('/companySettings/1'),
    await t.anon.get('/companySettingOne', { column: 'userRating' }),
    await t.anon.put('/companySettings', { column: 'userRating', data: 'enabled' }),
    await t.anon.post('/settings-whitelabel/logo'),
  ])
    expect(res.statusCode).toBe(401);
});

test('a profile user gets 403 on the admin settings routes', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(await t.factory.user({ companyId: admin.companyId }));
  for (const res of [
    await api.get('/settings'),
    await api.put('/settings/userRating', { value: 'enabled' }),
    await api.get('/setting/userRating'),
    await api.put('/companySettings', { column: 'userRating', data: 'enabled' }),
    await api.get('/settings/global'),
    await api.post('/settings-whitelabel/logo'),
  ]) {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
  }
  const [row] = await t.database.db
    .select()
    .from(settings)
    .where(and(eq(settings.companyId, admin.companyId), eq(settings.key, 'userRating')));
  expect(row.value).toBe('disabled');
});

test('another company admin never reads or writes this company settings', async () => {
  const owner = await t.factory.admin();
  await (await t.as(owner)).put('/settings/lgpdMessage', { value: 'Segredo da empresa' });
  const stranger = await t.factory.admin();
  const api = await t.as(stranger);

  const other = await api.get(`/companySettings/${owner.companyId}`);
  expect(other.statusCode).toBe(404);
  expect(other.json()).toEqual({ error: 'ERR_NOT_FOUND' });
  expect((await api.get('/settings')).json()).toContainEqual({ key: 'lgpdMessage', value: '' });
  expect((await api.get('/setting/lgpdMessage')).json()).toEqual({ key: 'lgpdMessage', value: '' });

  // Writing changes the stranger's own company only.
  await api.put('/settings/lgpdMessage', { value: 'Outra' });
  const [row] = await t.database.db
    .select()
    .from(settings)
    .where(and(eq(settings.companyId, owner.companyId), eq(settings.key, 'lgpdMessage')));
  expect(row.value).toBe('Segredo da empresa');
  expect(t.sent.filter((e) => e.event === `company-${owner.companyId}-settings`).length).toBe(1);
});

test('a super user may read any company settings object; a missing company is 404', async () => {
  const owner = await t.factory.admin();
  const api = await t.as(await t.factory.superUser());
  const res = await api.get(`/companySettings/${owner.companyId}`);
  expect(res.statusCode).toBe(200);
  expect(res.json().userRating).toBe('disabled');
  expect((await api.get('/companySettings/99999999')).statusCode).toBe(404);
  expect((await api.get('/companySettings/abc')).statusCode).toBe(400);
});
