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

/** A stopping node exits within this, finished or not (orchestrators send SIGKILL at 30 s). */
const SHUTDOWN_DEADLINE_MS = 29_000;

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

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const stopStarted = performance.now();
    log.info({ signal }, 'stopping: no new requests; finishing the requests and jobs in flight');
    // Whatever hangs (a provider call, a client that never finishes its request), the node is gone in time.
    setTimeout(() => {
      log.error({ afterMs: SHUTDOWN_DEADLINE_MS }, 'stop took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // The listener closes (the proxy's next connection goes to another node), sockets are closed (their
    // clients reconnect elsewhere), idle keep-alive connections end and the requests in flight finish.
    await app.close().catch((err) => log.error({ err }, 'closing the HTTP server failed'));
    // Workers fetch no more jobs; those running finish (requests may have sent some, so after them).
    if (jobs instanceof JobRunner) await jobs.stop().catch((err) => log.error({ err }, 'stopping the job queue failed'));
    // Sessions are handed over: stopped without being reported down, their leases given back, so the
    // other nodes' next sweep (SESSION_SWEEP_SECONDS) takes them without waiting for a lease to expire.
    stopSessionKeeping();
    await channels.stopAll().catch((err) => log.error({ err }, 'handing over the sessions failed'));
    await closeCluster().catch(() => {});
    await database.close().catch(() => {});
    log.info({ afterMs: Math.round(performance.now() - stopStarted) }, 'stopped');
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
