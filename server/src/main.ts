import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { compose } from './compose';
import { loadConfig } from './config';
import { type Database, openPglite, openPostgres, useWasmTier } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { holdPort, PortTakenError } from './http/port-hold';
import { seed } from './composition/seed';
import { allJobs } from './features/jobs';
import { attachRealtimeAdapter } from './realtime/adapter';
import { JobRunner } from './jobs/runner';

/** config -> db -> migrate -> seed -> listen -> jobs (ARCHITECTURE "Layout"; jobs last so the port opens sooner). */
async function main() {
  const started = performance.now();
  const phases: Record<string, number> = {};
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now() - started);
  };
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig(process.env, {});
  config.webDist ??= path.resolve(here, '../../web/dist');
  const log = pino({ level: config.logLevel });

  const handOverPort = await holdPort(config.host, config.port);
  if (!config.databaseUrl) useWasmTier(config.pgliteWasmTier);
  const database: Database = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolMax)
    : await openPglite(path.join(config.dataDir, 'pglite'));
  phase('database');
  await migrate(database);
  phase('migrate');
  await seed(database.db, config, log);
  phase('seed');

  const { app, jobs, channels, startSessions, stopSessionKeeping } = await compose({
    config,
    database,
    log,
    logger: { level: config.logLevel },
  });
  const closeCluster = await attachRealtimeAdapter(app.io, { config, database, log });
  phase('app');

  await handOverPort();
  await app.listen({ port: config.port, host: config.host });
  phase('listen');
  log.info({ phasesMs: phases }, `Chat-flow listening on http://localhost:${config.port} (${database.kind})`);

  // Job workers start after the port is open: requests are served while pg-boss checks its schema
  // (a job sent meanwhile waits for it). With JOBS=off this node sends jobs but does not work them.
  if (jobs instanceof JobRunner) {
    await jobs.start(allJobs, { work: config.jobs });
    log.info({ afterMs: Math.round(performance.now() - started), working: config.jobs }, 'job queue started');
  }
  await startSessions();

  const shutdown = async () => {
    await app.close().catch(() => {});
    await closeCluster().catch(() => {});
    // Sessions are handed over: stopped without being reported down, their leases given back.
    stopSessionKeeping();
    await channels.stopAll().catch(() => {});
    if (jobs instanceof JobRunner) await jobs.stop().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  // A second process on the same data directory or port says why in one line; anything else in full.
  console.error(err instanceof DataDirLockedError || err instanceof PortTakenError ? err.message : err);
  process.exit(1);
});
