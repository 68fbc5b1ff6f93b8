import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { connections, simulatorOutbox } from '../db/schema';
import { customerNumber, simulatorConnection } from '../test/simulator';
import { useTestApp } from '../test/harness';
import { startChannelSessions } from './channels';
import { SimulatorProvider } from '../channels/simulator/provider';

const t = useTestApp();
const deps = () => ({ db: t.database.db, realtime: t.app.realtime, log: t.app.log, config: t.config, jobs: t.jobs });

test('at start-up every simulator connection of every company is started; beta ones are left alone', async () => {
  const [a, b] = [await t.factory.admin(), await t.factory.admin()];
  const rows = await t.database.db
    .insert(connections)
    .values([
      { companyId: a.companyId, name: 'Sim A', provider: 'simulator', token: 'A'.repeat(30) },
      { companyId: b.companyId, name: 'Sim B', provider: 'simulator', token: 'B'.repeat(30) },
      { companyId: b.companyId, name: 'Beta B', provider: 'beta', token: 'C'.repeat(30) },
    ])
    .returning();
  await startChannelSessions(t.channels, deps());
  const status = async (id: number) => (await t.database.db.select().from(connections).where(eq(connections.id, id)))[0].status;
  expect([await status(rows[0].id), await status(rows[1].id), await status(rows[2].id)]).toEqual([
    'CONNECTED',
    'CONNECTED',
    'DISCONNECTED',
  ]);
  const sessions = t.sent.filter((e) => e.event.endsWith('-whatsappSession'));
  expect(sessions.some((e) => e.companyId === a.companyId && (e.payload as { session: { id: number } }).session.id === rows[0].id)).toBe(
    true,
  );
  expect(sessions.some((e) => e.companyId === b.companyId && (e.payload as { session: { id: number } }).session.id === rows[1].id)).toBe(
    true,
  );
});

test('the simulator records a send once per idempotency key, even when the same send races itself', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const provider = await t.channels.providerFor(conn.id);
  expect(provider).toBeInstanceOf(SimulatorProvider);
  const to = customerNumber();
  const results = await Promise.all(
    Array.from({ length: 5 }, () => provider.send({ kind: 'text', to, body: 'uma vez' }, { idempotencyKey: 'msg-42' })),
  );
  await t.jobs.drain();
  expect(new Set(results.map((r) => r.externalId)).size).toBe(1);
  const rows = await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, conn.id));
  expect(rows).toHaveLength(1);
  // No product message has this id, so the acks move the customer's side only.
  expect(rows[0]).toMatchObject({ externalId: results[0].externalId, ack: 3, body: 'uma vez', number: to });
  expect(t.jobs.errors).toEqual([]);
});

test('stopping a session reports it disconnected; the registry starts it again on demand', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  await t.channels.stop(conn.id);
  const read = async () => (await t.database.db.select().from(connections).where(eq(connections.id, conn.id)))[0].status;
  expect(await read()).toBe('DISCONNECTED');
  await t.channels.providerFor(conn.id);
  expect(await read()).toBe('CONNECTED');
});

test('an agent edit or delete of a sent message reaches the customer phone', async () => {
  const admin = await t.factory.admin();
  const conn = await simulatorConnection(t, admin);
  const provider = await t.channels.providerFor(conn.id);
  const to = customerNumber();
  const { externalId } = await provider.send({ kind: 'text', to, body: 'primeira versão' }, { idempotencyKey: 'msg-edit' });
  await provider.edit!(externalId, to, 'versão corrigida');
  const read = async () => (await t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.externalId, externalId)))[0];
  expect(await read()).toMatchObject({ body: 'versão corrigida', isEdited: true, isDeleted: false });
  await provider.delete!(externalId, to);
  expect(await read()).toMatchObject({ isDeleted: true });
  await t.jobs.drain();
});
