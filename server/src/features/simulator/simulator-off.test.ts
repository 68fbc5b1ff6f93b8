import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections } from '../../db/schema';
import { useTestApp } from '../../test/harness';

const t = useTestApp({ simulator: false });

test('with SIMULATOR=off the simulator routes do not exist and no simulator connection can be made', async () => {
  const admin = await t.factory.admin();
  const api = await t.as(admin);
  const refused = await api.post('/whatsapp', { name: 'Simulador', provider: 'simulator' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().fields[0]).toMatchObject({ field: 'provider', key: 'validation.invalid' });
  expect(await t.database.db.select().from(connections).where(eq(connections.companyId, admin.companyId))).toEqual([]);

  // A simulator connection left from before the switch: no face, no provider.
  const [row] = await t.database.db
    .insert(connections)
    .values({
      companyId: admin.companyId,
      name: 'Antiga',
      provider: 'simulator',
      token: 'a'.repeat(30),
    })
    .returning();
  const post = await t.app.inject({
    method: 'POST',
    url: `/simulator/${row.id}/messages`,
    payload: { from: '5511999990000', body: 'oi' },
    headers: { authorization: `Bearer ${row.token}` },
  });
  expect(post.statusCode).toBe(404);
  expect((await api.get(`/simulator/${row.id}/messages`, { number: '5511999990000' })).statusCode).toBe(404);
  expect(t.channels.supports('simulator')).toBe(false);
});
