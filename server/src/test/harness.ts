import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../app';
import type { ProviderRegistry } from '../channels/registry';
import { compose } from '../compose';
import { InlineJobQueue, type JobFailure } from '../jobs/queue';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { newSessionId, openSession } from '../auth/sessions';
import { tokenService } from '../http/tokens';
import { cloneTestDatabase } from './database';
import { recordingRealtime } from './recording-realtime';
import { makeFactory } from './factory';
import { failTestsOnJobFailures, takeExpectedFailures } from './job-failures';
import { TestClock } from './clock';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  factory: ReturnType<typeof makeFactory>;
  /** Events the app would have emitted, newest last. */
  sent: ReturnType<typeof recordingRealtime>['sent'];
  /** A request helper acting as `user` (a real session row and a signed access token). */
  as(user: UserRow): Promise<Requester>;
  /** Requests with no token. */
  anon: Requester;
  /** With `realSockets`: the listening server's base URL (http://127.0.0.1:port), else ''. */
  url: string;
  /** Jobs run in-process right after they are sent; `await t.jobs.drain()` waits for them. */
  jobs: InlineJobQueue;
  /**
   * For a test in which a job is meant to fail: waits for the jobs, returns their failures to assert on
   * (at least one, or it throws). A failure nobody takes this way fails the test (see job-failures.ts).
   */
  expectJobFailures(): Promise<JobFailure[]>;
  channels: ProviderRegistry;
  /** The app's clock: real time until a test sets it (`t.clock.set(...)`, `t.clock.reset()`). */
  clock: TestClock;
}

export interface TestAppOptions {
  /** Emit through the real Socket.IO server and listen on a free port, instead of recording events. */
  realSockets?: boolean;
}

export interface Requester {
  token: string;
  get(url: string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

/**
 * One app and one cloned database per test file. Call at the top of a test file:
 * `const t = useTestApp();` then use `t.factory`, `t.as(user)` inside tests.
 */
export function useTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chatflow-test-'));
    const config = loadConfig(
      // No test reaches WhatsApp: the WhatsApp Web suites register the provider over a fake socket. The bot
      // platforms tests talk to are local fake servers, allowed as a self-hoster allows a local n8n.
      {
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret',
        JWT_REFRESH_SECRET: 'test-refresh',
        LOG_LEVEL: 'silent',
        WHATSAPP_WEB: 'off',
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1,localhost',
      },
      overrides,
    );
    const debug = process.env.TEST_LOG === '1';
    const database = await cloneTestDatabase();
    const { realtime, sent } = recordingRealtime();
    const clock = new TestClock();
    const { app, jobs, channels } = await compose({
      config,
      database,
      log: pino({ level: 'silent' }),
      inlineJobs: true,
      clock,
      realtime: options.realSockets ? undefined : realtime,
      logger: debug ? { level: 'error' } : false,
    });
    if (!(jobs instanceof InlineJobQueue)) throw new Error('tests run jobs inline');
    await app.ready();
    let url = '';
    if (options.realSockets) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    }
    const tokens = tokenService(config);
    Object.assign(ctx, {
      app,
      database,
      config,
      sent,
      url,
      jobs,
      channels,
      clock,
      factory: makeFactory(database.db),
      expectJobFailures: () => takeExpectedFailures(jobs),
      anon: requester(app, ''),
      async as(user: UserRow) {
        const sessionId = newSessionId();
        await openSession(database.db, user, sessionId, randomUUID(), { remember: true });
        const token = await tokens.signAccess({ userId: user.id, companyId: user.companyId, sessionId });
        return requester(app, token);
      },
    });
  });
  failTestsOnJobFailures(() => ctx.jobs);
  afterAll(async () => {
    await ctx.jobs?.drain();
    await ctx.channels?.stopAll();
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

export function requester(app: App, token: string): Requester {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const inject = (opts: InjectOptions) => app.inject({ ...opts, headers: { ...headers, ...(opts.headers ?? {}) } });
  return {
    token,
    inject,
    get: (url, query) => inject({ method: 'GET', url, query }),
    post: (url, body) => inject({ method: 'POST', url, payload: body as InjectOptions['payload'] }),
    put: (url, body) => inject({ method: 'PUT', url, payload: body as InjectOptions['payload'] }),
    delete: (url) => inject({ method: 'DELETE', url }),
  };
}
