import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { RETRY_AFTER_SECONDS } from './database-unavailable';

/** How long readiness waits for the database before saying not ready. */
const READY_TIMEOUT_MS = 2000;

const Status = z.enum(['ok', 'unavailable']);
const LiveView = z.object({ status: Status });
const ReadyView = z.object({ status: Status, checks: z.object({ database: Status, realtime: Status }) });

/** What readiness checks besides the database: the realtime adapter (realtime/adapter-health.ts). */
export interface ReadinessChecks {
  realtime(): boolean;
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const statusOf = (ok: boolean) => (ok ? ('ok' as const) : ('unavailable' as const));

/**
 * For load balancers and orchestrators, without login: `/health/live` says the process serves requests
 * (restart it when this fails); `/health/ready` says it can do its work: the database answers and the
 * realtime adapter relays events between nodes (send it no traffic while this is 503). Both recover by
 * themselves: the pool replaces lost connections and the adapter listens again. A node shutting down
 * answers 503 to anything, this included (Fastify's return503OnClosing), so the proxy moves on.
 */
export const healthRoutes =
  (db: Db, checks: ReadinessChecks): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health/live', { schema: { response: { 200: LiveView } } }, async () => ({ status: 'ok' as const }));
    app.get('/health/ready', { schema: { response: { 200: ReadyView, 503: ReadyView } } }, async (_req, reply) => {
      const database = await databaseAnswers(db);
      const realtime = checks.realtime();
      const view = { status: statusOf(database && realtime), checks: { database: statusOf(database), realtime: statusOf(realtime) } };
      if (database && realtime) return view;
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send(view);
    });
  };
