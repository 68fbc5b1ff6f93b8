import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { RETRY_AFTER_SECONDS } from './database-unavailable';

/** How long readiness waits for the database before saying not ready. */
const READY_TIMEOUT_MS = 2000;

const HealthView = z.object({ status: z.enum(['ok', 'unavailable']) });

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

/**
 * For load balancers and orchestrators, without login: `/health/live` says the process serves requests
 * (restart it when this fails); `/health/ready` says it can do its work, that is the database answers
 * (send it no traffic while this is 503).
 */
export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/health/live', { schema: { response: { 200: HealthView } } }, async () => ({ status: 'ok' as const }));
    app.get('/health/ready', { schema: { response: { 200: HealthView, 503: HealthView } } }, async (_req, reply) => {
      if (await databaseAnswers(db)) return { status: 'ok' as const };
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ status: 'unavailable' as const });
    });
  };
