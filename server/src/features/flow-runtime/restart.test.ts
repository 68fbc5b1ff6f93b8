import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, expect, test } from 'vitest';
import { systemClock } from '../../clock';
import { compose } from '../../compose';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { connections, flowCampaigns, flowRuns, flows, messages } from '../../db/schema';
import { JobRunner } from '../../jobs/runner';
import { cloneTestDatabase } from '../../test/database';
import { fakeServer, json } from '../../test/fake-http-server';
import { makeFactory } from '../../test/factory';
import { recordingRealtime } from '../../test/recording-realtime';
import { allJobs } from '../jobs';
import { drawFlow } from './testing';
import { phraseKey } from '../flow-campaigns';

/**
 * The durable runtime across a restart, with the real pg-boss worker (as `npm start` runs it): a run
 * waiting in an interval when its server stops resumes on a new server over the same database,
 * exactly once. Bounded waits for conditions (no fixed sleeps); the interval is long enough that the
 * first server is down before it ends.
 */
const INTERVAL_SECONDS = 8;

const databases: Database[] = [];
afterAll(async () => {
  for (const db of databases) await db.close();
});

async function freshDatabase() {
  const db = await cloneTestDatabase();
  databases.push(db);
  return db;
}

/** A simulator connection of a new company, and how its customer writes to it. */
async function simulatorOf(db: Database) {
  const admin = await makeFactory(db.db).admin();
  const token = randomBytes(15).toString('hex');
  const [connection] = await db.db
    .insert(connections)
    .values({ companyId: admin.companyId, name: 'Simulador', provider: 'simulator', status: 'CONNECTED', token })
    .returning();
  const says = async (app: Awaited<ReturnType<typeof boot>>['app'], body: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/simulator/${connection.id}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { from: '5511987650001', name: 'Cliente', body },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { admin, says };
}

/** The flow's messages with `body` once every one has reached the provider (an externalId), else undefined. */
async function deliveredTexts(db: Database, companyId: number, body: string) {
  const rows = await db.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true), eq(messages.body, body)));
  return rows.length > 0 && rows.every((m) => m.externalId) ? rows : undefined;
}

async function boot(db: Database) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'chatflow-flow-restart-')),
    JWT_SECRET: 'x',
    JWT_REFRESH_SECRET: 'y',
    LOG_LEVEL: 'silent',
    WHATSAPP_WEB: 'off',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  const composed = await compose({
    config,
    database: db,
    log: pino({ level: 'silent' }),
    clock: systemClock,
    realtime: recordingRealtime().realtime,
  });
  await composed.app.ready();
  if (!(composed.jobs instanceof JobRunner)) throw new Error('expected the real job runner');
  await composed.jobs.start(allJobs);
  await composed.startSessions();
  return {
    ...composed,
    async stop() {
      await composed.channels.stopAll();
      await (composed.jobs as JobRunner).stop();
      await composed.app.close();
    },
  };
}

async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a run waiting in an interval when the server stops resumes once on the next server', { timeout: 120_000 }, async () => {
  const database = await freshDatabase();
  const { admin, says } = await simulatorOf(database);
  const f = drawFlow();
  const after = f.node('message', { label: 'Depois da pausa' });
  f.chain(f.node('message', { label: 'Antes da pausa' }), f.node('interval', { sec: INTERVAL_SECONDS }), after);
  const [flow] = await database.db.insert(flows).values({ companyId: admin.companyId, name: 'Pausa', flow: f.document() }).returning();
  await database.db
    .insert(flowCampaigns)
    .values({ companyId: admin.companyId, name: 'Pausa', flowId: flow.id, phrase: 'pausa', phraseKey: phraseKey('pausa') });

  const first = await boot(database);
  await says(first.app, 'pausa');
  // The run has sent its first message and waits in the interval (its next step is a delayed job).
  const waiting = await until(async () => {
    const [run] = await database.db.select().from(flowRuns).where(eq(flowRuns.companyId, admin.companyId));
    return run?.nodeId === after && run.status === 'running' ? run : undefined;
  });
  await first.stop();
  const afterStop = await database.db.select().from(flowRuns).where(eq(flowRuns.id, waiting.id));
  expect(afterStop[0].version).toBe(waiting.version);

  const second = await boot(database);
  try {
    const sent = await until(() => deliveredTexts(database, admin.companyId, 'Depois da pausa'));
    expect(sent).toHaveLength(1);
    const [run] = await database.db.select().from(flowRuns).where(eq(flowRuns.id, waiting.id));
    expect(run).toMatchObject({ status: 'done', endReason: 'done' });
    // Not early: the interval was kept across the restart.
    expect(sent[0].createdAt.getTime() - waiting.updatedAt.getTime()).toBeGreaterThanOrEqual(INTERVAL_SECONDS * 1000 - 1000);
  } finally {
    await second.stop();
  }
});

test('a typebot conversation goes on after a restart, in the session the first server opened', { timeout: 120_000 }, async () => {
  const database = await freshDatabase();
  const { admin, says } = await simulatorOf(database);
  const typebot = await fakeServer();
  try {
    const text = (t: string) => ({ type: 'text', content: { richText: [{ type: 'p', children: [{ text: t }] }] } });
    typebot.on('POST /api/v1/typebots/pedidos/startChat', (_req, res) =>
      json(res, 200, { sessionId: 'sessao-1', messages: [text('Qual é o seu nome?')], input: { type: 'text input' } }),
    );
    typebot.on('POST /api/v1/sessions/sessao-1/continueChat', (req, res) =>
      json(res, 200, { messages: [text(`Prazer, ${req.json().message.text}!`)], input: { type: 'text input' } }),
    );
    const f = drawFlow();
    f.chain(f.node('typebot', { name: 'Pedidos', urlN8N: typebot.url, typebotSlug: 'pedidos', typebotExpires: 0 }));
    const [flow] = await database.db.insert(flows).values({ companyId: admin.companyId, name: 'Robô', flow: f.document() }).returning();
    await database.db
      .insert(flowCampaigns)
      .values({ companyId: admin.companyId, name: 'Robô', flowId: flow.id, phrase: 'robo', phraseKey: phraseKey('robo') });

    const first = await boot(database);
    await says(first.app, 'robo');
    await until(() => deliveredTexts(database, admin.companyId, 'Qual é o seu nome?'));
    const [waiting] = await database.db.select().from(flowRuns).where(eq(flowRuns.companyId, admin.companyId));
    expect(waiting).toMatchObject({ status: 'waiting', waitingFor: 'typebot', botSession: { sessionId: 'sessao-1' } });
    await first.stop();

    const second = await boot(database);
    try {
      await says(second.app, 'Ana');
      expect(await until(() => deliveredTexts(database, admin.companyId, 'Prazer, Ana!'))).toHaveLength(1);
      expect(typebot.requests.map((r) => r.path)).toEqual(['/api/v1/typebots/pedidos/startChat', '/api/v1/sessions/sessao-1/continueChat']);
    } finally {
      await second.stop();
    }
  } finally {
    await typebot.close();
  }
});
