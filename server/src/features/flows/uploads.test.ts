import { existsSync } from 'node:fs';
import path from 'node:path';
import { FLOW_UPLOAD_MAX_BYTES } from '@chatflow/contract';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import type { Requester } from '../../test/harness';
import { useTestApp } from '../../test/harness';
import { multipart, type Part } from '../../test/multipart';

const t = useTestApp();

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#06c' } })
    .png()
    .toBuffer();
/** The headers file-type reads: an ID3 tag and an MPEG layer III frame (mp3), an ISO-BMFF ftyp box (mp4). */
const mp3 = () =>
  Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(600)]);
const mp4 = () => {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  return Buffer.concat([ftyp, Buffer.alloc(64)]);
};
const file = (value: Buffer, filename: string, type = 'application/octet-stream'): Part => ({ name: 'medias', value, filename, type });
const send = (api: Requester, url: string, parts: Part[]) => api.inject({ method: 'POST', url, ...multipart(parts) });
const onDisk = (url: string) => path.join(t.config.dataDir, url.replace(/^\//, ''));

test('content upload stores each file in the company folder and answers their urls in order', async () => {
  const user = await t.factory.admin();
  const api = await t.as(user);
  const res = await send(api, '/flowbuilder/content', [
    { name: 'body', value: JSON.stringify(['foto.png', 'voz.mp3', 'video.mp4']) },
    file(await png(), 'foto.png', 'image/png'),
    file(mp3(), 'voz.mp3', 'audio/mpeg'),
    file(mp4(), 'video.mp4', 'video/mp4'),
  ]);
  expect(res.statusCode).toBe(200);
  const stored = res.json();
  expect(stored.map((f: { original: string; mediaType: string }) => [f.original, f.mediaType])).toEqual([
    ['foto.png', 'img'],
    ['voz.mp3', 'audio'],
    ['video.mp4', 'video'],
  ]);
  for (const f of stored) {
    expect(f.name).toMatch(new RegExp(`^/public/company${user.companyId}/flowbuilder/[0-9a-f]{32}\\.(png|mp3|mp4)$`));
    expect(existsSync(onDisk(f.name))).toBe(true);
  }
});

test('/flowbuilder/img takes images only; /flowbuilder/audio takes audio and video', async () => {
  const api = await t.as(await t.factory.admin());
  const img = await send(api, '/flowbuilder/img', [{ name: 'fromMe', value: 'true' }, file(await png(), 'a.png')]);
  expect(img.statusCode).toBe(200);
  expect(img.json()).toMatchObject({ original: 'a.png', mediaType: 'img' });
  expect((await send(api, '/flowbuilder/img', [file(mp3(), 'a.mp3')])).json()).toEqual({ error: 'ERR_INVALID_FILE' });
  expect((await send(api, '/flowbuilder/audio', [file(mp3(), 'a.mp3')])).json().mediaType).toBe('audio');
  expect((await send(api, '/flowbuilder/audio', [file(mp4(), 'v.mp4')])).json().mediaType).toBe('video');
  expect((await send(api, '/flowbuilder/audio', [file(await png(), 'a.png')])).statusCode).toBe(400);
});

test('types outside the spec, a disguised file and an empty form are refused, and nothing is stored', async () => {
  const user = await t.factory.admin();
  const api = await t.as(user);
  const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  expect((await send(api, '/flowbuilder/content', [file(gif, 'a.gif')])).json()).toEqual({ error: 'ERR_INVALID_FILE' });
  expect((await send(api, '/flowbuilder/content', [file(Buffer.from('<script>alert(1)</script>'), 'a.png')])).statusCode).toBe(400);
  // A good file and a bad one: the whole upload is refused before anything is written.
  const mixed = await send(api, '/flowbuilder/content', [file(await png(), 'ok.png'), file(gif, 'bad.gif')]);
  expect(mixed.statusCode).toBe(400);
  expect(existsSync(path.join(t.config.dataDir, 'public', `company${user.companyId}`, 'flowbuilder'))).toBe(false);
  const empty = await send(api, '/flowbuilder/content', [{ name: 'body', value: '[]' }]);
  expect(empty.statusCode).toBe(400);
  expect(empty.json().fields[0]).toMatchObject({ field: 'medias', key: 'validation.required' });
  expect((await api.post('/flowbuilder/content', { medias: 'x' })).statusCode).toBe(400);
});

test('a file over 20,000,000 bytes is 413 ERR_FILE_TOO_LARGE with the limit of 20 MB; exactly the limit passes', async () => {
  const api = await t.as(await t.factory.admin());
  const big = Buffer.concat([mp3(), Buffer.alloc(FLOW_UPLOAD_MAX_BYTES - mp3().length + 1)]);
  const res = await send(api, '/flowbuilder/audio', [file(big, 'grande.mp3')]);
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ error: 'ERR_FILE_TOO_LARGE', limitMb: 20 });
  const atLimit = big.subarray(0, FLOW_UPLOAD_MAX_BYTES);
  expect((await send(api, '/flowbuilder/audio', [file(atLimit, 'limite.mp3')])).statusCode).toBe(200);
});

test('more files than a content node can hold is a validation error', async () => {
  const api = await t.as(await t.factory.admin());
  const one = await png();
  const parts = Array.from({ length: 11 }, (_, i) => file(one, `f${i}.png`));
  const res = await send(api, '/flowbuilder/content', parts);
  expect(res.statusCode).toBe(400);
  expect(res.json().fields[0]).toMatchObject({ field: 'medias' });
});

test('uploads need a signed-in admin', async () => {
  expect((await send(t.anon, '/flowbuilder/content', [file(await png(), 'a.png')])).statusCode).toBe(401);
  const agent = await t.as(await t.factory.user({ profile: 'user' }));
  for (const url of ['/flowbuilder/content', '/flowbuilder/img', '/flowbuilder/audio'])
    expect((await send(agent, url, [file(await png(), 'a.png')])).statusCode).toBe(403);
});
