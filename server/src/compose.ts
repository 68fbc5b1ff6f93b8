import type { FastifyBaseLogger } from 'fastify';
import { type App, buildApp } from './app';
import { ProviderRegistry } from './channels/registry';
import { type Clock, systemClock } from './clock';
import { type ChannelEventDeps, channelEvents, startChannelSessions, wireChannels } from './composition/channels';
import type { Config } from './config';
import type { Database } from './db/client';
import { allJobs } from './features/jobs';
import type { JobDeps } from './jobs/define';
import { InlineJobQueue } from './jobs/queue';
import { JobRunner } from './jobs/runner';
import type { Realtime } from './realtime/emit';

export interface Composition {
  app: App;
  jobs: JobRunner | InlineJobQueue;
  channels: ProviderRegistry;
  /** Starts the sessions of every connection this node can run (called once the server listens). */
  startSessions(): Promise<void>;
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
  let app: App | null = null;
  const log = () => app?.log ?? opts.log;
  const eventDeps = (): ChannelEventDeps => ({ db: database.db, realtime: app!.realtime, log: log(), config, jobs });
  const channels = new ProviderRegistry(database.db, opts.log, (connection) => channelEvents(eventDeps, connection));
  const jobDeps = (): JobDeps => ({ db: database.db, config, realtime: app!.realtime, log: log(), jobs, channels, clock });
  const jobs = opts.inlineJobs ? new InlineJobQueue(allJobs, jobDeps) : new JobRunner(database, jobDeps);
  wireChannels(channels, config, eventDeps);
  app = await buildApp({ config, database, realtime: opts.realtime, jobs, channels, logger: opts.logger });
  return { app, jobs, channels, startSessions: () => startChannelSessions(channels, eventDeps()) };
}
