import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app';
import { compose } from '../compose';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
import { useTestApp } from '../test/harness';

describe('health', () => {
  const t = useTestApp();

  test('live and ready answer 200 without login while the database answers', async () => {
    expect((await t.anon.get('/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await t.anon.get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', realtime: 'ok' } });
  });
});

describe('while the database cannot be reached', () => {
  let app: App;
  let database: Database;

  beforeAll(async () => {
    // Port 9 (discard) has no PostgreSQL: every connection attempt is refused, as during an outage.
    database = openPostgres('postgres://postgres@127.0.0.1:9/none', 2);
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'chatflow-outage-')), LOG_LEVEL: 'silent' }, {});
    ({ app } = await compose({ config, database, log: pino({ level: 'silent' }), inlineJobs: true, logger: false }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  test('a request that needs it is 503 with Retry-After, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'a@b.com', password: 'whatever1A' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'ERR_SERVICE_UNAVAILABLE' });
  });

  test('ready says not ready; live still answers', async () => {
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable', realtime: 'ok' } });
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

// pg_terminate_backend exists only on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('when PostgreSQL ends every connection of the app', () => {
  const t = useTestApp();

  test('the process stays up and the next requests are served on new connections (503 at worst, never 500)', async () => {
    const me = await t.as(await t.factory.admin());
    expect((await me.get('/auth/me')).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: t.database.url! });
    await admin.connect();
    const { rowCount } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(rowCount).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let i = 0; i < 5 && statuses.at(-1) !== 200; i++) statuses.push((await me.get('/auth/me')).statusCode);
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    // Readiness is back too, without a restart.
    const ready = await t.anon.get('/health/ready');
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok', realtime: 'ok' } }]);
  });
});
