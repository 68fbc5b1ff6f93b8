import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { simulatorOutbox } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { customerNumber, simulatorConnection } from '../../test/simulator';

const t = useTestApp();

/** Sends under way together share the outbox's insert; each still answers its own message id, once per key. */
test('sends made together are each recorded once, a repeated key finding the first row', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const provider = await t.channels.providerFor(conn.id);
  const numbers = Array.from({ length: 30 }, () => customerNumber());

  const first = await Promise.all(
    numbers.map((to, i) => provider.send({ kind: 'text', to, body: `Oferta ${i}` }, { idempotencyKey: `k-${i}` })),
  );
  // The same keys again (a retried step) and one key twice in the same batch: no new rows.
  const again = await Promise.all([
    ...numbers.map((to, i) => provider.send({ kind: 'text', to, body: `Oferta ${i}` }, { idempotencyKey: `k-${i}` })),
    provider.send({ kind: 'text', to: numbers[0], body: 'Oferta 0' }, { idempotencyKey: 'k-0' }),
  ]);

  const rows = await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, conn.id));
  expect(rows).toHaveLength(30);
  expect(new Set(first.map((r) => r.externalId)).size).toBe(30);
  for (const [i, sent] of first.entries()) {
    const row = rows.find((r) => r.idempotencyKey === `k-${i}`);
    expect(row).toMatchObject({ number: numbers[i], body: `Oferta ${i}`, externalId: sent.externalId });
    expect(again[i].externalId).toBe(sent.externalId);
  }
  expect(again[30].externalId).toBe(first[0].externalId);
  // Acks are queued for the rows created, not for the repeats: two reports (delivered, read) per message.
  await t.jobs.drain();
  expect(t.jobs.errors).toEqual([]);
  const acked = await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, conn.id));
  expect(acked.every((r) => r.ack === 3)).toBe(true);
});

test('a send the shared insert cannot take fails alone; the others of its batch are recorded', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const provider = await t.channels.providerFor(conn.id);
  const results = await Promise.allSettled([
    provider.send({ kind: 'text', to: customerNumber(), body: 'um' }, { idempotencyKey: 'a' }),
    provider.send({ kind: 'text', to: customerNumber(), body: 'dois' }, { idempotencyKey: 'b' }),
    // U+0000 cannot be stored in a text column: this row breaks an insert it is part of.
    provider.send({ kind: 'text', to: customerNumber(), body: 'tr\u0000ês' }, { idempotencyKey: 'c' }),
    provider.send({ kind: 'text', to: customerNumber(), body: 'quatro' }, { idempotencyKey: 'd' }),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  const rows = await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, conn.id));
  expect(rows.map((r) => r.body).sort()).toEqual(['dois', 'quatro', 'um']);
});
