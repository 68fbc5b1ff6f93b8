import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import type { ChannelRegistry } from '../channels/types';
import type { FastPathCounters } from '../http/metrics';
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
  /** What "now" is for timers and business hours (settable in tests). */
  clock: Clock;
  /** This node's counts of the fast paths (its Prometheus metrics); the composition root hands them in. */
  fastPaths?: FastPathCounters;
}

/** A transaction that runs hooks after its commit (what transactionRunner hands to commands). */
export type JobTx = Tx & { afterCommit(fn: () => void | Promise<void>): void };

export interface JobSendOptions {
  /** The job waits this long before a worker takes it. */
  startAfterSeconds?: number;
  /** pg-boss's singletonKey; on this app's (standard) queues it names the job, it does not dedupe sends. */
  singletonKey?: string;
  /** The job is written in this transaction: it commits or rolls back with the caller's rows. */
  tx?: JobTx;
  /**
   * With `tx`: the handler also runs in this process right after the commit, without waiting for a
   * worker's poll; the stored job (delayed by startAfterSeconds) is the durable fallback should this
   * process stop first. The handler must find its own earlier run done (it is idempotent anyway).
   * Without `tx` the handler runs at once in this process, the stored job being the same fallback.
   */
  runAfterCommit?: boolean;
  /**
   * With `runAfterCommit`: the handler runs in this process and no job is stored. For work sent for
   * every inbound message, where a stored fallback per message would cost more than the work: its
   * feature sweeps for what a stopped process left undone instead (automation/sweep.ts).
   */
  unstored?: boolean;
  /**
   * Only for a job with `nodeQueue`: the node (config.nodeId) that must run it, because it holds what
   * the job needs (a connection's live session). Other nodes never take it.
   */
  node?: string;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  retry?: { limit: number; backoffSeconds: number };
  /**
   * How long a worker may hold one of these jobs before pg-boss takes it back (retried by `retry`):
   * pg-boss's default is 15 minutes, too long for a job whose worker's death must be noticed sooner.
   */
  expireInSeconds?: (config: Config) => number;
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /**
   * A timer (a delayed job whose delay is the point: inactivity, rotation, redirect): the test queue
   * holds it until the test's clock passes its due time (InlineJobQueue.fireDueTimers).
   */
  timer?: boolean;
  /**
   * Each node also works a queue of its own for this job (`{name}.{nodeId}`), so a job can be sent to
   * the one node that can do it (JobSendOptions.node). Worked even with JOBS=off: it is that node's own work.
   */
  nodeQueue?: boolean;
  /**
   * How this node's worker takes the queue: `batchSize` jobs per fetch, `concurrency` of them run at
   * once. A full batch fetches again at once (no poll wait), so a burst of due jobs drains at the
   * handlers' pace; the default is 20 per fetch, one at a time (four for timers): see runner.ts.
   */
  worker?: { batchSize: number; concurrency: number };
  /** Handlers are idempotent: pg-boss may deliver a job more than once. */
  run(payload: z.output<S>, deps: JobDeps): Promise<void>;
  /**
   * Runs a whole fetched batch at once, for a job whose many due runs cost less together (set-based
   * statements, one transaction). Must have the effect of `run` on each payload. Should it throw, the
   * worker runs the batch's jobs one by one through `run`, so one bad job fails alone.
   */
  runBatch?(payloads: z.output<S>[], deps: JobDeps): Promise<void>;
}

/** One job of a sendMany: its payload, pg-boss singletonKey, and a start delay of its own when it differs. */
export interface JobItem<P> {
  payload: P;
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** A declared job and its typed sender: call sites never spell a job's name or cast its payload. */
export interface Job<S extends z.ZodType = z.ZodType> extends JobDefinition<S> {
  /** Queues this job on `queue`; the payload is checked against the schema before it reaches the queue. */
  send(queue: JobQueue, payload: z.input<S>, options?: JobSendOptions): Promise<void>;
  /** Queues many of this job with the same timing in one statement (same options as send, but the key per item). */
  sendMany(queue: JobQueue, items: JobItem<z.input<S>>[], options?: Omit<JobSendOptions, 'singletonKey' | 'node'>): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): Job<S> {
  const job: Job<S> = {
    ...definition,
    async send(queue, payload, options) {
      await queue.send(job, payload, options);
    },
    async sendMany(queue, items, options) {
      if (items.length > 0) await queue.sendMany(job, items, options);
    },
  };
  return job;
}

/**
 * A job declared apart from its handler, for a job sent from modules its handler imports (a cycle otherwise):
 * senders import the declaration, and the registry lists `declared.handledBy(run)`. Both queues run the
 * registered definition's handler, found by the job's name.
 */
export function declareJob<S extends z.ZodType>(
  definition: Omit<JobDefinition<S>, 'run'>,
): Job<S> & { handledBy(run: JobDefinition<S>['run']): Job<S> } {
  const declared = defineJob<S>({
    ...definition,
    async run() {
      throw new Error(`job ${definition.name} is declared but its handler is not registered (handledBy)`);
    },
  });
  return { ...declared, handledBy: (run) => defineJob<S>({ ...definition, run }) };
}
