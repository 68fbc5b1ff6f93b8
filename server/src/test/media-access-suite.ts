import sharp from 'sharp';
import { expect, test } from 'vitest';
import { TEST_PASSWORD } from './factory';
import type { TestContext } from './harness';
import { multipart } from './multipart';

/**
 * Who may read a stored file through the whole app, with real sessions, the same for each storage
 * driver (media-access-fs.test.ts, media-access-s3.test.ts): a file uploaded through a feature (file
 * lists) answers to its company's users by access token or refresh cookie, and is the 404 of a missing
 * file to another company, to no session and to an ended one; removed with its list, it is gone.
 */
export function mediaAccessSuite(t: TestContext) {
  const picture = () =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: '#09f' } })
      .png()
      .toBuffer();
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const expect404 = async (url: string, headers: Record<string, string> = {}) => {
    const res = await get(url, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
  };

  test("a company's file answers to its users' sessions only; with its list removed it is gone", async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const list = (await api.post('/files', { name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Foto' }] })).json();
    const bytes = await picture();
    const up = await api.inject({
      method: 'POST',
      url: `/files/uploadList/${list.id}`,
      ...multipart([
        { name: 'fileId', value: String(list.options[0].id) },
        { name: 'typeArch', value: 'fileList' },
        { name: 'files', value: bytes, filename: 'foto.png', type: 'image/png' },
      ]),
    });
    expect(up.statusCode).toBe(200);
    const url: string = up.json().options[0].path;
    expect(url).toMatch(new RegExp(`^/public/company${admin.companyId}/fileList/[0-9a-f]{32}\\.png$`));

    const byToken = await get(url, { authorization: `Bearer ${api.token}` });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.rawPayload).toEqual(bytes);

    // What a browser's <img> sends: the refresh cookie of a login.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: admin.email, password: TEST_PASSWORD } });
    const cookie = `jrt=${login.cookies.find((c) => c.name === 'jrt')?.value}`;
    expect((await get(url, { cookie })).statusCode).toBe(200);

    const stranger = await t.as(await t.factory.admin());
    await expect404(url, { authorization: `Bearer ${stranger.token}` });
    await expect404(url);
    await expect404(url, { cookie: 'jrt=not-a-token' });

    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${login.json().token}`, cookie },
    });
    expect(logout.statusCode).toBe(200);
    await expect404(url, { cookie });

    // The login ended the first session (one session per user): a new one removes the list.
    const again = await t.as(admin);
    expect((await again.delete(`/files/${list.id}`)).statusCode).toBe(200);
    await expect404(url, { authorization: `Bearer ${again.token}` });
  });
}
