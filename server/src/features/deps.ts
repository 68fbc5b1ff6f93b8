import type { FastifyBaseLogger } from 'fastify';
import type { ChannelRegistry } from '../channels/types';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TokenService } from '../http/tokens';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../realtime/emit';

/** What the route registry hands to a feature's routes plugin (a module of its own, so a feature never imports the registry). */
export interface FeatureDeps {
  db: Db;
  config: Config;
  tokens: TokenService;
  realtime: Realtime;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  channels: ChannelRegistry;
  clock: Clock;
}
