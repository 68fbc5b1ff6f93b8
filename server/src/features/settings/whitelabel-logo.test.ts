import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { globalSettings } from '../../db/schema';
import { type Requester, useTestApp } from '../../test/harness';

const t = useTestApp();

async function upload(api: Requester, fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  return api.inject({
    method: 'POST',
    url: '/settings-whitelabel/logo',
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
const storedValue = async (key: string) => (await t.database.db.select().from(globalSettings).where(eq(globalSettings.key, key)))[0]?.value;
const onDisk = (publicPath: string) => path.join(t.config.dataDir, publicPath.replace(/^\//, ''));

test('a super user uploads a PNG logo: stored under a random name, setting updated, served at the path', async () => {
  const api = await t.as(await t.factory.superUser());
  const bytes = await png();
  const res = await upload(api, { typeArch: 'logo', mode: 'Light' }, { bytes, name: '../../evil.php', type: 'image/png' });
  expect(res.statusCode).toBe(200);
  const stored = res.json() as string;
  expect(stored).toMatch(/^\/public\/logos\/[a-f0-9]{32}\.png$/);
  expect(await storedValue('appLogoLight')).toBe(stored);
  expect(readFileSync(onDisk(stored)).equals(bytes)).toBe(true);
  const served = await t.anon.get(stored);
  expect(served.statusCode).toBe(200);
  expect((await t.anon.get('/public-settings/appLogoLight')).json()).toBe(stored);

  // A new upload replaces the file; the old one is removed.
  const again = await upload(api, { mode: 'Light' }, { bytes: await png(), name: 'x.png', type: 'image/png' });
  expect(again.json()).not.toBe(stored);
  expect(existsSync(onDisk(stored))).toBe(false);
});

test('a safe SVG is accepted for the dark logo and an ICO for the favicon', async () => {
  const api = await t.as(await t.factory.superUser());
  const svg = Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#000"/></svg>',
  );
  const dark = await upload(api, { mode: 'Dark' }, { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' });
  expect(dark.statusCode).toBe(200);
  expect(dark.json()).toMatch(/\.svg$/);
  expect(await storedValue('appLogoDark')).toBe(dark.json());

  const ico = await sharp({ create: { width: 16, height: 16, channels: 4, background: '#00ff00' } })
    .png()
    .toBuffer();
  // An ICO file: header, one directory entry, then the PNG image it wraps.
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(16, 0);
  entry.writeUInt8(16, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(ico.length, 8);
  entry.writeUInt32LE(22, 12);
  const fav = await upload(api, { mode: 'Favicon' }, { bytes: Buffer.concat([header, entry, ico]), name: 'f.ico', type: 'image/x-icon' });
  expect(fav.statusCode).toBe(200);
  expect(fav.json()).toMatch(/\.ico$/);
  expect(await storedValue('appLogoFavicon')).toBe(fav.json());
});

test('non-images, scripted SVGs, a bad mode, a missing file and a non-multipart body are refused', async () => {
  const api = await t.as(await t.factory.superUser());
  const before = await storedValue('appLogoDark');
  const scripted = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  for (const bytes of [Buffer.from('%PDF-1.4 not an image'), scripted, Buffer.from('<svg><rect></svg>')]) {
    const res = await upload(api, { mode: 'Dark' }, { bytes, name: 'logo.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'ERR_INVALID_FILE' });
  }
  const badMode = await upload(api, { mode: 'Sepia' }, { bytes: await png(), name: 'l.png', type: 'image/png' });
  expect(badMode.json().fields).toEqual([expect.objectContaining({ field: 'mode', key: 'validation.invalid' })]);
  const noFile = await upload(api, { mode: 'Dark' });
  expect(noFile.json().fields).toEqual([expect.objectContaining({ field: 'file', key: 'validation.required' })]);
  expect((await api.post('/settings-whitelabel/logo', { mode: 'Dark' })).json()).toEqual({ error: 'ERR_INVALID_FILE' });
  expect(await storedValue('appLogoDark')).toBe(before);
});

test('a logo over 2 MB is 413 ERR_FILE_TOO_LARGE', async () => {
  const api = await t.as(await t.factory.superUser());
  const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024 + 1)]);
  const res = await upload(api, { mode: 'Light' }, { bytes: big, name: 'big.png', type: 'image/png' });
  expect(res.statusCode).toBe(413);
  expect(res.json().error).toBe('ERR_FILE_TOO_LARGE');
});

test('only the super user may upload a logo', async () => {
  const api = await t.as(await t.factory.admin());
  const res = await upload(api, { mode: 'Light' }, { bytes: await png(), name: 'l.png', type: 'image/png' });
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
});
