import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fsMediaStorage, serveMedia } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'chatflow-serve-'));
const storage = fsMediaStorage(root);
const app = Fastify({ logger: false });
beforeAll(async () => {
  await serveMedia(app, root);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

test('a picture is shown in place, in a sandbox, never sniffed', async () => {
  const { url } = await storage.put('company1/media', Buffer.from('89504e470d0a1a0a', 'hex'), 'png');
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
  expect(res.headers['content-disposition']).toBeUndefined();
});

test('stored markup comes back as plain text that downloads; so does any file a browser should not show', async () => {
  const html = await storage.put('company1/media', Buffer.from('<html><script>alert(1)</script></html>'), 'html');
  const page = await app.inject({ method: 'GET', url: html.url });
  expect(page.headers['content-type']).toMatch(/^text\/plain/);
  expect(page.headers['content-security-policy']).toMatch(/^sandbox/);
  expect(page.headers['content-disposition']).toBe('attachment');

  const archive = await storage.put('company1/media', Buffer.from('504b0304', 'hex'), 'zip');
  const download = await app.inject({ method: 'GET', url: archive.url });
  expect(download.headers['content-disposition']).toBe('attachment');
});
