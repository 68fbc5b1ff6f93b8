import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Realtime } from '../realtime/emit';

export interface JobDeps { db: Db; config: Config; realtime: Realtime; log: FastifyBaseLogger }

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
