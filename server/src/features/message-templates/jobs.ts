import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { connections } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineJob } from '../../jobs/define';
import { hasTemplates, syncConnectionTemplates } from './sync';

/**
 * One connection's template sync (on connect, and from the daily job). Meta refusing or not
 * answering is logged, not retried: the next day's run (or "Sincronizar") asks again.
 */
export const templateSyncJob = defineJob({
  name: 'templates.sync',
  payload: z.object({ connectionId: z.number() }),
  retry: { limit: 2, backoffSeconds: 60 },
  async run({ connectionId }, deps) {
    const [connection] = await deps.db.select().from(connections).where(eq(connections.id, connectionId));
    if (!connection || !hasTemplates(connection)) return;
    try {
      const count = await syncConnectionTemplates(deps.db, deps.config.meta.graphApiUrl, connection, deps.clock.now());
      deps.log.info({ connectionId, count }, 'message templates synced');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      deps.log.warn({ connectionId, error: err.code, detail: err.details?.detail }, 'message templates not synced');
    }
  },
});

/** Daily: every Cloud API connection that names its business account syncs its templates. */
export const dailyTemplateSyncJob = defineJob({
  name: 'templates.sync-daily',
  payload: z.object({}).passthrough(),
  cron: '20 4 * * *',
  async run(_payload, deps) {
    const rows = await deps.db
      .select({ id: connections.id })
      .from(connections)
      .where(and(eq(connections.channel, 'whatsappapi'), ne(connections.wabaId, '')));
    await templateSyncJob.sendMany(
      deps.jobs,
      rows.map((r) => ({ payload: { connectionId: r.id } })),
    );
  },
});
