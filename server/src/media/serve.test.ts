import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { fsMediaStorage, type MediaStorage, s3MediaStorage, serveMedia } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'chatflow-serve-'));
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Stands in for the session lookup (http/web.ts; tested with real sessions in http/media-access-fs.test.ts and media-access-s3.test.ts). */
const callerCompany = async (req: { headers: Record<string, unknown> }) => Number(req.headers['x-company']) || null;
const asCompany = (id: number) => ({ 'x-company': String(id) });

const drivers: [string, () => MediaStorage][] = [
  ['fs', () => fsMediaStorage(path.join(root, 'public'))],
  ['s3', () => s3MediaStorage(s3.config, path.join(root, 'cache'))],
];

describe.each(drivers)('the %s driver served at /public', (_driver, make) => {
  let storage: MediaStorage;
  let app: FastifyInstance;
  beforeAll(async () => {
    storage = make();
    app = Fastify({ logger: false });
    await serveMedia(app, storage, callerCompany);
    await app.ready();
  });
  afterAll(() => app.close());

  test('a picture is shown in place, in a sandbox, never sniffed', async () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const { url } = await storage.put('company1/media', png, 'png');
    const res = await app.inject({ method: 'GET', url, headers: asCompany(1) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(png);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  test('stored markup comes back as plain text that downloads; so does any file a browser should not show', async () => {
    const html = await storage.put('company1/media', Buffer.from('<html><script>alert(1)</script></html>'), 'html');
    const page = await app.inject({ method: 'GET', url: html.url, headers: asCompany(1) });
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(page.headers['content-disposition']).toBe('attachment');

    const archive = await storage.put('company1/media', Buffer.from('504b0304', 'hex'), 'zip');
    const download = await app.inject({ method: 'GET', url: archive.url, headers: asCompany(1) });
    expect(download.headers['content-disposition']).toBe('attachment');
  });

  test("another company's file, a file without a session and a missing file are the same 404", async () => {
    const { url } = await storage.put('company2/media', Buffer.from('secret'), 'txt');
    const own = await app.inject({ method: 'GET', url, headers: asCompany(2) });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('secret');
    for (const headers of [asCompany(3), {}]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
    }
    const missing = await app.inject({
      method: 'GET',
      url: '/public/company2/media/00000000000000000000000000000000.txt',
      headers: asCompany(2),
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await app.inject({ method: 'GET', url: '/public/company2/%2e%2e/company3/x.txt', headers: asCompany(2) });
    expect(traversal.statusCode).toBe(404);
  });

  test('logos are open to anyone (the login page shows them)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    const { url } = await storage.put('logos', svg, 'svg');
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toMatch(/^sandbox/);
  });

  test('a range of a file is answered with 206 (audio and video players seek with it)', async () => {
    const { url } = await storage.put('company1/media', Buffer.from('0123456789'), 'txt');
    const res = await app.inject({ method: 'GET', url, headers: { ...asCompany(1), range: 'bytes=2-5' } });
    expect(res.statusCode).toBe(206);
    expect(res.body).toBe('2345');
    expect(res.headers['content-range']).toBe('bytes 2-5/10');
  });
});
