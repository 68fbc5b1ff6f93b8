import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { users } from '../../db/schema';
import type { Requester } from '../../test/harness';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----chatflow${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (api: Requester, userId: number, file: Buffer, extra: Part[] = [{ name: 'typeArch', value: 'user' }]) =>
  api.inject({
    method: 'POST',
    url: `/users/${userId}/media-upload`,
    ...multipart([
      { name: 'userId', value: String(userId) },
      ...extra,
      { name: 'profileImage', value: file, filename: 'me.png', type: 'image/png' },
    ]),
  });

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

const onDisk = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));
const stored = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('POST /users/:id/media-upload', () => {
  test('stores a 256x256 WebP under the company folder, serves it, and answers the user with profileImage', async () => {
    const admin = await t.factory.admin();
    const res = await upload(await t.as(admin), admin.id, await image('png'));
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ id: admin.id, email: admin.email });
    expect(user.profileImage).toMatch(new RegExp(`^/public/company${admin.companyId}/users/[a-f0-9]{32}\\.webp$`));
    expect((await stored(admin.id)).profileImage).toBe(user.profileImage);
    const meta = await sharp(onDisk(user.profileImage)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const served = await (await t.as(admin)).get(user.profileImage); // served to the company's sessions
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    const event = t.sent.findLast((e) => e.event === `company-${admin.companyId}-user`);
    expect(event?.payload).toMatchObject({ action: 'update', user: { id: admin.id, profileImage: user.profileImage } });
  });

  test.each(['jpeg', 'gif', 'webp'] as const)('accepts %s', async (format) => {
    const agent = await t.factory.user();
    const res = await upload(await t.as(agent), agent.id, await image(format, 300, 900));
    expect(res.statusCode).toBe(200);
    expect((await sharp(onDisk(res.json().user.profileImage)).metadata()).width).toBe(256);
  });

  test('a new picture replaces the old file', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const first = (await upload(api, agent.id, await image('png'))).json().user.profileImage;
    const second = (await upload(api, agent.id, await image('jpeg'))).json().user.profileImage;
    expect(second).not.toBe(first);
    expect(existsSync(onDisk(first))).toBe(false);
    expect(existsSync(onDisk(second))).toBe(true);
  });

  test('the type is sniffed from the content: text named .png, SVG and PDF are 400 ERR_INVALID_FILE', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const file of [Buffer.from('just text, not an image'), svg, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n')]) {
      const res = await upload(api, agent.id, file);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'ERR_INVALID_FILE' });
    }
    const truncatedPng = (await image('png')).subarray(0, 60);
    expect((await upload(api, agent.id, truncatedPng)).json()).toEqual({ error: 'ERR_INVALID_FILE' });
    expect((await stored(agent.id)).profileImage).toBeNull();
    const folder = path.join(t.config.dataDir, 'public', `company${agent.companyId}`, 'users');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  test('more than 5 MB is 413 ERR_FILE_TOO_LARGE', async () => {
    const agent = await t.factory.user();
    const big = Buffer.concat([await image('png'), randomBytes(5 * 1024 * 1024 + 10)]);
    const res = await upload(await t.as(agent), agent.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('ERR_FILE_TOO_LARGE');
    expect((await stored(agent.id)).profileImage).toBeNull();
  });

  test('a missing file, a non-multipart body and a userId that disagrees with the path are 400', async () => {
    const agent = await t.factory.user();
    const api = await t.as(agent);
    const noFile = await api.inject({
      method: 'POST',
      url: `/users/${agent.id}/media-upload`,
      ...multipart([{ name: 'typeArch', value: 'user' }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual([{ field: 'profileImage', key: 'validation.required', message: 'Obrigatório' }]);
    expect((await api.post(`/users/${agent.id}/media-upload`, { profileImage: 'x' })).statusCode).toBe(400);
    const mismatch = await upload(api, agent.id, await image('png'), [{ name: 'userId', value: String(agent.id + 1) }]);
    expect(mismatch.statusCode).toBe(400);
  });

  test('permissions: a profile user only for themself; an admin for the company; another company 404', async () => {
    const admin = await t.factory.admin();
    const agent = await t.factory.user({ companyId: admin.companyId });
    const png = await image('png');
    expect((await upload(await t.as(agent), admin.id, png)).statusCode).toBe(403);
    expect((await upload(await t.as(admin), agent.id, png)).statusCode).toBe(200);
    const stranger = await t.factory.admin();
    const res = await upload(await t.as(stranger), agent.id, png);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    expect(existsSync(path.join(t.config.dataDir, 'public', `company${stranger.companyId}`))).toBe(false);
    expect((await t.anon.inject({ method: 'POST', url: `/users/${agent.id}/media-upload`, ...multipart([]) })).statusCode).toBe(401);
  });
});
