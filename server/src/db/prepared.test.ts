import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { batchedReads, preparedStatement } from './prepared';
import { companies } from './schema';

test('batchedReads: keys asked while a read is on its way are read together, and each caller hears its own answer', async () => {
  const reads: number[][] = [];
  let release!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  const halfOf = batchedReads<number, number>(async (ids) => {
    reads.push(ids);
    if (reads.length === 1) await firstReadHeld;
    return ids.map((id) => (id % 2 === 0 ? id / 2 : undefined));
  });
  const answers = [halfOf(1), halfOf(2), halfOf(3), halfOf(4), halfOf(6)];
  release();
  expect(await Promise.all(answers)).toEqual([undefined, 1, undefined, 2, 3]);
  // Two reads go at once (the first two keys), the rest wait for one of them and go together.
  expect(reads).toEqual([[1], [2], [3, 4, 6]]);
});

test('batchedReads with maxKeys: a batch larger than one statement takes is read in parts side by side, answers in key order', async () => {
  const reads: number[][] = [];
  let release!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  const double = batchedReads<number, number>(
    async (ids) => {
      reads.push(ids);
      if (reads.length === 1) await firstReadHeld;
      return ids.map((id) => id * 2);
    },
    { maxKeys: 2 },
  );
  const answers = [1, 2, 3, 4, 5, 6, 7].map((id) => double(id));
  release();
  expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, 12, 14]);
  expect(reads).toEqual([[1], [2], [3, 4], [5, 6], [7]]);
});

describe('preparedStatement', () => {
  const t = useTestApp();
  const companyName = preparedStatement((db) =>
    db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, sql.placeholder('id')))
      .prepare('prepared_test_company_name'),
  );

  test('is built once, and each handle runs its copy on its own connection: a transaction sees its own uncommitted change', async () => {
    const admin = await t.factory.admin();
    const id = admin.companyId;
    const [before] = await companyName(t.database.db).execute({ id });
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.update(companies).set({ name: 'Renamed in the transaction' }).where(eq(companies.id, id));
        // The copy for this transaction reads inside it; the pool's copy does not see the change.
        expect(await companyName(tx).execute({ id })).toEqual([{ name: 'Renamed in the transaction' }]);
        expect(companyName(tx)).toBe(companyName(tx));
        expect(companyName(tx)).not.toBe(companyName(t.database.db));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await companyName(t.database.db).execute({ id })).toEqual([before]);
    expect(before.name).not.toBe('Renamed in the transaction');
  });
});
