import { expect, test } from 'vitest';
import { useTestApp } from '../../test/harness';

// The installable app's manifest carries the whitelabel app name, like the login page and the tab title.
const t = useTestApp();

const manifest = async () => {
  // As a browser fetches it: no session, Accept */*.
  const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { accept: '*/*' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/manifest+json');
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json();
};

test('without a whitelabel name the manifest names the app Chat-flow, installable with its two icons', async () => {
  expect(await manifest()).toMatchObject({
    name: 'Chat-flow',
    short_name: 'Chat-flow',
    start_url: '/',
    display: 'standalone',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  });
});

test('the super user s app name becomes the manifest s name and short name at once; the icons stay', async () => {
  const operator = await t.as(await t.factory.superUser());
  expect((await operator.put('/settings/appName', { value: 'Atende Já' })).statusCode).toBe(200);
  const named = await manifest();
  expect(named).toMatchObject({ name: 'Atende Já', short_name: 'Atende Já', start_url: '/' });
  expect(named.icons.map((i: { src: string }) => i.src)).toEqual(['/icon-192.png', '/icon-512.png']);
  await operator.put('/settings/appName', { value: 'Chat-flow' });
});

test('a company admin cannot rename the app through the settings the manifest reads', async () => {
  const admin = await t.as(await t.factory.admin());
  expect((await admin.put('/settings/appName', { value: 'Outro Nome' })).statusCode).toBe(403);
  expect((await manifest()).name).toBe('Chat-flow');
});
