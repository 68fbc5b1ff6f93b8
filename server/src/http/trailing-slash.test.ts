import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { withoutTrailingSlash } from './trailing-slash';

const t = useTestApp();

describe('trailing slashes', () => {
  test.each([
    ['/users/', '/users'],
    ['/users/?searchParam=ana', '/users?searchParam=ana'],
    ['/users//', '/users'],
    ['/', '/'],
    ['/users', '/users'],
    ['/users?next=/a/', '/users?next=/a/'],
  ])('%s is routed as %s', (url, routed) => {
    expect(withoutTrailingSlash(url)).toBe(routed);
  });

  test('GET /users/?searchParam= is the users list, the same answer as without the slash', async () => {
    const admin = await t.factory.admin();
    const api = await t.as(admin);
    const withSlash = await api.get('/users/', { searchParam: admin.name });
    expect(withSlash.statusCode).toBe(200);
    expect(withSlash.json()).toEqual((await api.get('/users', { searchParam: admin.name })).json());
    expect(withSlash.json().users.map((u: { id: number }) => u.id)).toContain(admin.id);
  });

  test('an item route answers with a trailing slash too', async () => {
    const admin = await t.factory.admin();
    const res = await (await t.as(admin)).get(`/users/${admin.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id });
  });
});
