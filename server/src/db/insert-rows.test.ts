import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { simulatorConnection } from '../test/simulator';
import { insertRows } from './insert-rows';
import { contacts, simulatorOutbox, ticketLogs } from './schema';

const t = useTestApp();

/** Everything a row holds but its serial id and insert time, which differ between two inserts of the same values. */
const comparable = <R extends { id: number; createdAt: Date; updatedAt?: Date }>({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: R) =>
  rest;

test('rows go in as arrays and come back as drizzle returns them: types, nulls, json, timestamps and defaults', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const at = new Date('2026-03-01T12:34:56.789Z');
  const values = [
    {
      connectionId: conn.id,
      number: '5511911110001',
      externalId: 'A1',
      idempotencyKey: 'k1',
      type: 'text',
      body: 'aspas \' e " e {chaves}, vírgula',
      payload: { quotedId: null, list: [1, 'dois'] },
      mediaUrl: null,
      ack: 1,
      createdAt: at,
    },
    {
      connectionId: conn.id,
      number: '5511911110002',
      externalId: 'A2',
      idempotencyKey: null,
      type: 'image',
      body: '',
      payload: null,
      mediaUrl: '/public/x.png',
      ack: 2,
      createdAt: at,
    },
  ];
  const ours = await insertRows(t.database.db, simulatorOutbox, values);
  const theirs = await t.database.db
    .insert(simulatorOutbox)
    .values(values.map((v, i) => ({ ...v, externalId: `B${i + 1}`, idempotencyKey: v.idempotencyKey && `${v.idempotencyKey}b` })))
    .returning();
  expect(ours.map((r) => r.externalId)).toEqual(['A1', 'A2']);
  expect(ours.map(comparable)).toEqual(
    theirs.map(comparable).map((r, i) => ({ ...r, externalId: `A${i + 1}`, idempotencyKey: values[i].idempotencyKey })),
  );
  expect(ours[0].createdAt).toEqual(at);
  expect(ours[0].updatedAt).toBeInstanceOf(Date); // a default, as drizzle's insert leaves it
  expect(ours[0].payload).toEqual({ quotedId: null, list: [1, 'dois'] });
  expect(typeof ours[0].id).toBe('number');
});

test('a conflict does nothing or updates, as asked; extra columns come back beside the row', async () => {
  const admin = await t.factory.admin();
  const base = { companyId: admin.companyId, channel: 'whatsapp' as const, isGroup: false, connectionId: null };
  await insertRows(t.database.db, contacts, [{ ...base, number: '5511922220001', name: 'Ana' }]);
  const kept = await insertRows(
    t.database.db,
    contacts,
    [
      { ...base, number: '5511922220001', name: 'Outra' },
      { ...base, number: '5511922220002', name: 'Bia' },
    ],
    { onConflict: { doNothing: true, target: [contacts.companyId, contacts.channel, contacts.number] } },
  );
  expect(kept.map((c) => c.name)).toEqual(['Bia']);

  const upserted = await insertRows(
    t.database.db,
    contacts,
    [
      { ...base, number: '5511922220001', name: 'Ana Souza' },
      { ...base, number: '5511922220003', name: 'Caio' },
    ],
    {
      onConflict: { target: [contacts.companyId, contacts.channel, contacts.number], set: { name: sql`excluded.name` } },
      extra: { created: sql<boolean>`(xmax = 0)` },
    },
  );
  expect(upserted.map((c) => [c.number, c.name, c.created])).toEqual([
    ['5511922220001', 'Ana Souza', false],
    ['5511922220003', 'Caio', true],
  ]);
});

test('rows that set different columns, or a value written as SQL, go through drizzle and answer the same', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const rows = await insertRows(t.database.db, simulatorOutbox, [
    { connectionId: conn.id, number: '5511933330001', externalId: 'C1', type: 'text', body: 'com corpo' },
    { connectionId: conn.id, number: '5511933330002', externalId: 'C2', type: 'text' },
    { connectionId: conn.id, number: '5511933330003', externalId: 'C3', type: 'text', body: sql`'feito em SQL'` },
  ]);
  expect(rows.map((r) => r.body)).toEqual(['com corpo', '', 'feito em SQL']);
  const logs = await insertRows(t.database.db, ticketLogs, [], { returning: false });
  expect(logs).toEqual([]);
  const stored = await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, conn.id));
  expect(stored).toHaveLength(3);
});
