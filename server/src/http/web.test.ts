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
});
