import { expect, test } from 'vitest';
import { useTestApp } from '../test/harness';

const t = useTestApp({ docs: false });

test('with DOCS=off neither /docs nor /docs/json is served', async () => {
  for (const url of ['/docs', '/docs/json']) {
    const res = await t.anon.get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NOT_FOUND' });
  }
});
