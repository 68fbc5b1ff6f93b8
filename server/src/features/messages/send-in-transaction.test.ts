import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { messages, simulatorOutbox, type TicketRow, tickets } from '../../db/schema';
import { transactionRunner } from '../../http/context';
import { JobRunner } from '../../jobs/runner';
import { useTestApp } from '../../test/harness';
import { enqueueOutbound, SEND_FALLBACK_AFTER_SECONDS } from './outbound-queue';
import { sendMessageJob } from './send-job';

/**
 * The real pg-boss queue on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * message row and its send job commit or roll back together. The runner works no queue, so only the
 * send right after the commit, or the stored job run by hand, can deliver.
 */
const t = useTestApp();
let runner: JobRunner;

beforeAll(async () => {
  const deps = () => ({
    db: t.database.db,
    config: t.config,
    realtime: t.app.realtime,
    log: t.app.log,
    jobs: runner,
    channels: t.channels,
    clock: t.clock,
  });
  runner = new JobRunner(t.database, deps);
  await runner.start([sendMessageJob], { work: false });
}, 60_000);

afterAll(async () => {
  await runner?.stop();
});

/** A ticket made the real way: a simulator connection, then the customer writes first. */
async function conversation() {
  const admin = await t.factory.admin();
  const conn = (await (await t.as(admin)).post('/whatsapp', { name: `Simulador ${admin.id}`, provider: 'simulator' })).json();
  const headers = { authorization: `Bearer ${conn.token}` };
  const from = `55119${String(admin.id).padStart(8, '0')}`;
  const inbound = await t.app.inject({ method: 'POST', url: `/simulator/${conn.id}/messages`, headers, payload: { from, body: 'oi' } });
  const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, inbound.json().ticketId));
  return { conn, ticket };
}

const jobsOf = (messageId: number) =>
  sql`select data, extract(epoch from start_after - now()) as "waitsSeconds" from pgboss.job
      where name = ${sendMessageJob.name} and singleton_key = ${`msg-${messageId}`}`;

/**
 * Writes an agent's reply and its send job in one transaction; `fail` makes the transaction roll back
 * after both. Also answers how many send jobs the transaction itself saw before its end.
 */
async function reply(ticket: TicketRow, fail = false, queue: JobRunner = runner): Promise<{ id: number; jobsInside: number }> {
  let messageId = 0;
  let jobsInside = 0;
  const write = transactionRunner(
    t.database.db,
    t.app.log,
  )(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        body: 'Já verifico, um momento.',
        fromMe: true,
        read: true,
        ack: 0,
      })
      .returning();
    messageId = row.id;
    await enqueueOutbound(tx, queue, row.id);
    jobsInside = (await tx.execute(jobsOf(row.id))).rows.length;
    if (fail) throw new Error('the command failed after writing');
  });
  if (fail) await expect(write).rejects.toThrow('the command failed after writing');
  else await write;
  return { id: messageId, jobsInside };
}

const storedJobs = async (messageId: number) =>
  (await t.database.db.execute<{ data: { messageId: number }; waitsSeconds: number }>(jobsOf(messageId))).rows;
const messageById = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0];
const outboxOf = (connectionId: number) =>
  t.database.db.select().from(simulatorOutbox).where(eq(simulatorOutbox.connectionId, connectionId));

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('the reply and its send job commit together; it is sent right after the commit, and the stored job then finds it sent', async () => {
  const { conn, ticket } = await conversation();
  const { id, jobsInside } = await reply(ticket);
  expect(jobsInside).toBe(1); // written by the transaction itself, not after it

  const [job] = await storedJobs(id);
  expect(job.data).toEqual({ messageId: id });
  expect(Number(job.waitsSeconds)).toBeGreaterThan(SEND_FALLBACK_AFTER_SECONDS - 10);

  // No worker polls in this test: the send after the commit is what delivers.
  await until(async () => (await messageById(id)).externalId !== null);
  const [received] = await outboxOf(conn.id);
  expect(received).toMatchObject({ body: 'Já verifico, um momento.', idempotencyKey: `msg-${id}` });

  // The durable fallback, run as a worker would run it later: exactly once, nothing sent again.
  await runner.runOne(sendMessageJob, job.data);
  expect(await outboxOf(conn.id)).toHaveLength(1);
  expect((await messageById(id)).externalId).toBe(received.externalId);
});

test('a rolled-back transaction leaves neither the reply nor its send job, and nothing reaches the customer', async () => {
  const { conn, ticket } = await conversation();
  const { id, jobsInside } = await reply(ticket, true);
  expect(jobsInside).toBe(1);

  expect(await messageById(id)).toBeUndefined();
  expect(await storedJobs(id)).toEqual([]);
  expect(await outboxOf(conn.id)).toEqual([]);
});

test('before the queue has started, a reply still commits and is sent; its job follows once the queue is up', async () => {
  const { conn, ticket } = await conversation();
  const deps = () => ({
    db: t.database.db,
    config: t.config,
    realtime: t.app.realtime,
    log: t.app.log,
    jobs: starting,
    channels: t.channels,
  });
  const starting = new JobRunner(t.database, deps);
  try {
    // Waiting for the start inside the transaction would hold PGlite's one connection the start needs.
    const { id, jobsInside } = await reply(ticket, false, starting);
    expect(jobsInside).toBe(0);
    await until(async () => (await messageById(id)).externalId !== null);
    expect(await outboxOf(conn.id)).toHaveLength(1);

    await starting.start([sendMessageJob], { work: false });
    await until(async () => (await storedJobs(id)).length === 1);
  } finally {
    await starting.stop();
  }
}, 60_000);
