import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { cloneTestDatabase } from '../test/database';
import { ADAPTER_NOTIFY_SQL, batchingPool } from './notify-batcher';

// LISTEN/NOTIFY exist only on PostgreSQL (the cluster adapter is never used on PGlite).
describe.skipIf(!process.env.TEST_DATABASE_URL)('NOTIFYs of the cluster adapter, in batches', () => {
  let database: Database;
  let listener: pg.Client;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await cloneTestDatabase();
    listener = new pg.Client({ connectionString: database.url! });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN "batch-test"');
  });

  afterAll(async () => {
    await listener?.end();
    await database?.close();
  });

  async function untilHeard(n: number) {
    const deadline = Date.now() + 5000;
    while (heard.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  }

  test('every event arrives once, in publish order, repeats included, in fewer transactions than events', async () => {
    heard.length = 0;
    const statements: string[] = [];
    const counting = new Proxy(database.pool!, {
      get: (target, prop) =>
        prop === 'query'
          ? (text: string, values: unknown[]) => {
              statements.push(text);
              return target.query(text, values);
            }
          : Reflect.get(target, prop),
    });
    const pool = batchingPool(counting);
    // A repeat of the same payload must not be folded into one by PostgreSQL.
    const payloads = Array.from({ length: 200 }, (_, i) =>
      i % 50 === 49 ? 'same' : JSON.stringify({ n: i, quote: 'it\'s "quoted" \\ here' }),
    );
    await Promise.all(payloads.map((p) => pool.query(ADAPTER_NOTIFY_SQL, ['batch-test', p])));
    await untilHeard(payloads.length);
    expect(heard).toEqual(payloads);
    expect(statements.length).toBeLessThan(payloads.length / 4);
  });

  test('other statements go to the pool as they are', async () => {
    const pool = batchingPool(database.pool!);
    const result = (await pool.query('select 1 as one')) as unknown as { rows: { one: number }[] };
    expect(result.rows).toEqual([{ one: 1 }]);
  });
});
