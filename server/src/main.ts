import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { allJobs } from './features/jobs';
import { socketRealtime } from './realtime/emit';
import { attachClusterAdapter } from './realtime/cluster';
import { JobRunner } from './jobs/runner';

/** config -> db -> migrate -> seed -> jobs -> listen (ARCHITECTURE "Layout"). */
async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig(process.env, {});
  config.webDist ??= path.resolve(here, '../../web/dist');
  const log = pino({ level: config.logLevel });

  const database: Database = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  await migrate(database);
  await seed(database.db, config, log);

  const app = await buildApp({ config, database, logger: { level: config.logLevel } });
  if (database.kind === 'postgres') await attachClusterAdapter(app.io, database);

  let jobs: JobRunner | null = null;
  if (config.jobs) {
    jobs = new JobRunner(database, { db: database.db, config, realtime: socketRealtime(app.io), log: app.log });
    await jobs.start(allJobs);
  }

  await app.listen({ port: config.port, host: config.host });
  log.info(`Chat-flow listening on http://localhost:${config.port} (${database.kind})`);

  const shutdown = async () => {
    await app.close().catch(() => {});
    await jobs?.stop().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
