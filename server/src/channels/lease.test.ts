import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { channelLeases, connections } from '../db/schema';
import { useTestApp } from '../test/harness';
import { SessionLeases } from './lease';

const t = useTestApp();

async function connection() {
  const admin = await t.factory.admin();
  const [row] = await t.database.db
    .insert(connections)
    .values({ companyId: admin.companyId, name: 'WA', provider: 'beta', token: randomBytes(15).toString('hex') })
    .returning();
  return row;
}
/** As if the holder had stopped renewing a lease long ago (it died). */
const expire = (id: number) =>
  t.database.db.update(channelLeases).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(channelLeases.connectionId, id));

test('one node holds a session at a time; a lease that expired is taken, and its old holder learns it lost it', async () => {
  const conn = await connection();
  const a = new SessionLeases(t.database.db, 'node-a', 60_000);
  const b = new SessionLeases(t.database.db, 'node-b', 60_000);
  expect(await a.acquire(conn.id)).toBe(true);
  expect(await b.acquire(conn.id)).toBe(false);
  expect(await a.acquire(conn.id)).toBe(true); // its own lease again: renewed
  expect(await b.holder(conn.id)).toBe('node-a');
  expect(await a.renew([conn.id])).toEqual(new Set([conn.id]));

  await expire(conn.id);
  expect(await a.holder(conn.id)).toBeNull();
  expect(await b.acquire(conn.id)).toBe(true);
  expect(await a.renew([conn.id])).toEqual(new Set());
  await a.release(conn.id); // not its lease any more: nothing changes
  expect(await a.holder(conn.id)).toBe('node-b');
  await b.release(conn.id);
  expect(await a.holder(conn.id)).toBeNull();
  expect(await a.acquire(conn.id)).toBe(true);
});

test('nodes racing for a free session: exactly one wins', async () => {
  const conn = await connection();
  const nodes = Array.from({ length: 6 }, (_, i) => new SessionLeases(t.database.db, `node-${i}`, 60_000));
  const won = await Promise.all(nodes.map((n) => n.acquire(conn.id)));
  expect(won.filter(Boolean)).toHaveLength(1);
  expect(await nodes[0].holder(conn.id)).toBe(`node-${won.indexOf(true)}`);
});
