import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ChannelRegistry } from '../channels/types';
import type { Realtime } from '../realtime/emit';
import type { JobQueue } from './queue';

export interface JobDeps {
  db: Db;
  config: Config;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** A job may schedule further jobs (forwarding one message after another, ack steps). */
  jobs: JobQueue;
  channels: ChannelRegistry;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  retry?: { limit: number; backoffSeconds: number };
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** Handlers are idempotent: pg-boss may deliver a job more than once. */
  run(payload: z.infer<S>, deps: JobDeps): Promise<void>;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}
