import { isValidationKey } from '@chatflow/contract';
import { expect, test } from 'vitest';
import { useTestApp } from '../test/harness';

const t = useTestApp();

test('a malformed body is a 400 whose key is the contract’s, with its text, never the parser’s message', async () => {
  const res = await t.anon.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": ',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ field: '_', key: 'validation.invalid', message: 'Valor inválido' }] });
});

test('every key of a validation answer is one of the contract’s, whatever the schema library said', async () => {
  const admin = await t.as(await t.factory.admin());
  const answers = await Promise.all([
    admin.get('/tickets', { pageNumber: 'abc', status: 'nonsense', queueIds: '{"x":' }),
    admin.post('/queue', { name: ['array'], color: 42, greetingMessage: { deep: true } }),
    admin.put('/users/1', { email: 7, profile: 'root' }),
  ]);
  for (const res of answers) {
    expect(res.statusCode).toBe(400);
    const { fields } = res.json() as { fields: { key: string }[] };
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(isValidationKey(f.key), `${res.raw.req.url}: ${f.key}`).toBe(true);
  }
});
