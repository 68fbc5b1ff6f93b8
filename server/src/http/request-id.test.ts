import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { App } from '../app';
import { compose } from '../compose';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { cloneTestDatabase } from '../test/database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let app: App;
let database: Database;
/** The app's structured log lines (JSON, as pino writes them in production). */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await cloneTestDatabase();
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'chatflow-reqid-')), JWT_SECRET: 's', JWT_REFRESH_SECRET: 'r' });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  ({ app } = await compose({ config, database, log: pino({ level: 'silent' }), inlineJobs: true, logger: { level: 'info', stream } }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const logOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

test('each request gets an id, answered in X-Request-Id and carried by its log lines', async () => {
  const [a, b] = [await app.inject({ url: '/health/live' }), await app.inject({ url: '/health/live' })];
  const ids = [a.headers['x-request-id'], b.headers['x-request-id']] as string[];
  expect(ids[0]).toMatch(UUID);
  expect(ids[1]).toMatch(UUID);
  expect(ids[0]).not.toBe(ids[1]);
  const logged = logOf(ids[0]);
  expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  expect(logged[1]).toMatchObject({ level: 30, res: { statusCode: 200 } });
});

test("the proxy's id is kept, so one id follows a request from nginx to the node", async () => {
  const forwarded = 'a3f1c0de9b7e4f5a8c2d1e0f9a8b7c6d';
  const res = await app.inject({ url: '/health/live', headers: { 'x-request-id': forwarded } });
  expect(res.headers['x-request-id']).toBe(forwarded);
  expect(logOf(forwarded)).toHaveLength(2);
});

test('an id that is not a plain token (too long, spaces, line breaks) is replaced, not logged', async () => {
  for (const given of ['x'.repeat(65), 'two words', 'a\\nb', '{"json":1}']) {
    const res = await app.inject({ url: '/health/live', headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(logOf(given)).toEqual([]);
  }
});
