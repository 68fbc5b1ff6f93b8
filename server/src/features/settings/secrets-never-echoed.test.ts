import { SECRET_SETTING_KEYS } from '@chatflow/contract';
import { expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

test('no settings route ever answers a secret value, to the super user or anyone else', async () => {
  const superUser = await t.factory.superUser();
  const api = await t.as(superUser);
  const values = Object.fromEntries(SECRET_SETTING_KEYS.map((key) => [key, `s3cr3t-${key}-value`]));
  for (const key of SECRET_SETTING_KEYS) {
    const put = await api.put(`/settings/${key}`, { value: values[key] });
    expect(put.json()).toEqual({ key, value: '', hasValue: true, secret: true });
    const viaColumn = await api.put('/companySettings', { column: key, data: values[key] });
    expect(viaColumn.statusCode).toBe(200);
    expect(viaColumn.body).not.toContain(values[key]);
  }

  const admin = await t.as(await t.factory.admin());
  const reads: [typeof api, string, Record<string, string>?][] = [
    [api, '/settings'],
    [api, '/settings/global'],
    [api, '/settings/certificates'],
    [api, `/companySettings/${superUser.companyId}`],
    [admin, '/settings'],
    [admin, '/settings/global'],
  ];
  for (const key of SECRET_SETTING_KEYS) {
    reads.push([api, `/setting/${key}`], [api, '/companySettingOne', { column: key }], [t.anon, `/public-settings/${key}`]);
  }
  for (const [who, url, query] of reads) {
    const res = await who.get(url, query);
    for (const value of Object.values(values)) expect(res.body, url).not.toContain(value);
  }
  // An empty value erases only when sent explicitly.
  expect((await api.put('/settings/asaasToken', { value: '' })).json()).toMatchObject({ hasValue: false });
});
