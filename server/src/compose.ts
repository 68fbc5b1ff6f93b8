import type { FastifyBaseLogger } from 'fastify';
import { type App, buildApp } from './app';
import { ProviderRegistry } from './channels/registry';
import { type Clock, systemClock } from './clock';
import { type ChannelEventDeps, channelEvents, shareSessions, startChannelSessions, wireChannels } from './composition/channels';
import { replyChecks } from './composition/reply-checks';
import type { Config } from './config';
import type { Database } from './db/client';
import { NodeMetrics } from './http/metrics';
import { installReplyChecks } from './features/automation';
import { allJobs } from './features/jobs';
import type { JobDeps } from './jobs/define';
import { InlineJobQueue } from './jobs/queue';
import { JobRunner } from './jobs/runner';
import type { Realtime } from './realtime/emit';

export interface Composition {
  app: App;
  jobs: JobRunner | InlineJobQueue;
  channels: ProviderRegistry;
  /**
   * Starts the sessions of every connection this node can run (called once the server listens) and
   * the keeping of its session leases (renewals, taking over dead nodes' sessions).
   */
  startSessions(): Promise<void>;
  /** Stops the lease keeping (at shutdown, before the sessions are handed over). */
  stopSessionKeeping(): void;
}

/**
 * Wires the app, the job queue and the channel registry together (they refer to each other through
 * getters, so each can be built before the others). The product uses pg-boss; tests pass
 * `inlineJobs` to run handlers in-process.
 */
export async function compose(opts: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  logger?: boolean | object;
  realtime?: Realtime;
  inlineJobs?: boolean;
  /** Tests pass a settable clock; the product reads the system's. */
  clock?: Clock;
}): Promise<Composition> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  installReplyChecks(replyChecks);
  const metrics = new NodeMetrics();
  const fastPaths = metrics.fastPaths;
  let app: App | null = null;
  const log = () => app?.log ?? opts.log;
  const eventDeps = (): ChannelEventDeps => ({ db: database.db, realtime: app!.realtime, log: log(), config, jobs, fastPaths });
  const channels: ProviderRegistry = new ProviderRegistry(database.db, opts.log, (connection) =>
    channelEvents(eventDeps, connection, channels),
  );
  const jobDeps = (): JobDeps => ({ db: database.db, config, realtime: app!.realtime, log: log(), jobs, channels, clock, fastPaths });
  const jobs = opts.inlineJobs ? new InlineJobQueue(allJobs, jobDeps) : new JobRunner(database, jobDeps);
  wireChannels(channels, config, eventDeps);
  channels.observeTraffic(metrics.channelTraffic);
  if (jobs instanceof JobRunner) {
    metrics.gaugeOnScrape(
      'chatflow_job_queue_depth',
      'Jobs per queue and state, as pg-boss last counted them',
      ['queue', 'state'],
      async (gauge) => {
        gauge.reset();
        for (const q of await jobs.queueDepths())
          for (const state of ['ready', 'deferred', 'active'] as const) gauge.set({ queue: q.queue, state }, q[state]);
      },
    );
  }
  const keeper = shareSessions(channels, { db: database.db, config, log: opts.log }, () => jobs);
  app = await buildApp({ config, database, realtime: opts.realtime, jobs, channels, logger: opts.logger, metrics, clock });
  const startSessions = async () => {
    await startChannelSessions(channels, eventDeps());
    keeper.start();
  };
  return { app, jobs, channels, startSessions, stopSessionKeeping: () => keeper.stop() };
}
