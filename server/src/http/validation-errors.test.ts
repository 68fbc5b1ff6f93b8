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

test('errors Fastify answers before a route is chosen leave in the contract’s body too (found by the fuzz)', async () => {
  const admin = await t.as(await t.factory.admin());
  // The router keeps path parameters up to 100 characters; a longer one is a 414 from Fastify itself.
  const res = await admin.get(`/users/${'9'.repeat(5000)}`);
  expect(res.statusCode).toBe(414);
  expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ field: '_', key: 'validation.invalid', message: 'Valor inválido' }] });
});

test('a number field takes a number or its text, never true, null or a nested list (found by the fuzz)', async () => {
  const admin = await t.as(await t.factory.admin());
  const answers = {
    'orderQueue true': await admin.post('/queue', { name: 'Fila', color: '#123456', orderQueue: true }),
    'kanban null': await admin.post('/tags', { name: 'Etiqueta', kanban: null }),
    'a list of lists of ids': await admin.get('/tickets', { queueIds: '[[[1]]]' }),
    'an id true in a list': await admin.post('/tickets/closeAll', { selectedQueueIds: [true] }),
  };
  for (const [what, res] of Object.entries(answers)) {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json().error, what).toBe('ERR_VALIDATION');
  }
  // Text that spells a number is still one, as forms and query strings send it.
  expect((await admin.post('/queue', { name: 'Fila texto', color: '#654321', orderQueue: '3' })).statusCode).toBe(200);
});
