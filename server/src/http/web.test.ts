import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';

// A built web app as `vite build` + web/scripts/precompress.mjs leave it.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'chatflow-web-'));
const script = `console.log(${JSON.stringify('Chat-flow '.repeat(200))});`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Chat-flow</title>');
writeFileSync(path.join(webDist, 'assets/app-1a2b.js'), script);
writeFileSync(path.join(webDist, 'assets/app-1a2b.js.gz'), gzipSync(script));
writeFileSync(path.join(webDist, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
writeFileSync(path.join(webDist, 'icon-192.png'), png);

const t = useTestApp({ webDist });
const asset = (acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  test('assets go out as their brotli copy to browsers that accept it, cached for a year', async () => {
    const res = await asset('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  test('as the gzip copy to clients without brotli, and as they are to clients that compress nothing', async () => {
    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  test('a page load of any app route gets index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/tickets', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Chat-flow</title>');
  });

  test('the icons of the installable app are served with their type, whatever the browser accepts', async () => {
    // Chromium fetches manifest icons with Accept: */*; a page-load Accept must not turn them into index.html.
    const icon = await t.app.inject({ method: 'GET', url: '/icon-192.png', headers: { accept: '*/*' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(png)).toBe(true);
  });

  test('the manifest is the server s, under the app name, even with a built web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({ name: 'Chat-flow', display: 'standalone', start_url: '/' });
  });
});
