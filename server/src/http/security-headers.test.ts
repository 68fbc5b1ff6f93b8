import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';

describe('which browser origins may call the API', () => {
  const t = useTestApp({ allowedOrigins: ['http://localhost:8080', 'https://partner.example'] });

  const preflight = (origin: string) =>
    t.anon.inject({
      method: 'OPTIONS',
      url: '/auth/refresh_token',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
  const refresh = (origin: string) => t.anon.inject({ method: 'POST', url: '/auth/refresh_token', headers: { origin } });

  test('another origin (another port of the same host included) gets no CORS grant, so its page cannot read answers', async () => {
    for (const origin of ['http://localhost:5555', 'https://evil.example']) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
      const res = await refresh(origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  test('the app’s own origin and the configured ones are granted, with credentials', async () => {
    for (const origin of ['http://localhost:8080', 'https://partner.example']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  test('an allowed origin may use every method the API has (PUT, PATCH and DELETE in the preflight answer)', async () => {
    const res = await t.anon.inject({
      method: 'OPTIONS',
      url: '/users/1',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'DELETE' },
    });
    const methods = String(res.headers['access-control-allow-methods'])
      .split(',')
      .map((m) => m.trim());
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
  });

  test('every answer carries the strict Content-Security-Policy', async () => {
    const csp = String((await t.anon.get('/health/live')).headers['content-security-policy']);
    // Scripts: this origin and Meta's SDK file host only (the connections screens' Meta login), never inline.
    expect(csp).toMatch(/script-src 'self' https:\/\/connect\.facebook\.net;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
  });
});
