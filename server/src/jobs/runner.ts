import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import type { JobDefinition, JobDeps } from './define';
import type { JobQueue } from './queue';

/**
 * pg-boss on the same database as the product: PGlite through pg-boss's adapter, or PostgreSQL by
 * connection string. Workers and cron schedules come from the job definitions.
 */
export class JobRunner implements JobQueue {
  private boss: PgBoss;
  private definitions = new Map<string, JobDefinition>();
  private started: Promise<void>;
  private markStarted!: () => void;

  /** `deps` is read when a job runs, so the runner can exist before the app it serves. */
  constructor(
    database: Database,
    private deps: () => JobDeps,
  ) {
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite as PGlite), backend: 'pglite' })
        : new PgBoss({ connectionString: database.url ?? undefined, max: 4 });
    this.boss.on('error', (err) => this.deps().log.error({ err }, 'job queue error'));
    this.started = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  /** Creates the queues; with `work` false (JOBS=off) this node only sends, other nodes work. */
  async start(jobs: JobDefinition[], { work = true } = {}): Promise<void> {
    await this.boss.start();
    for (const job of jobs) {
      this.definitions.set(job.name, job);
      await this.boss.createQueue(job.name, {
        retryLimit: job.retry?.limit ?? 3,
        retryDelay: job.retry?.backoffSeconds ?? 5,
        retryBackoff: true,
      });
      if (!work) continue;
      await this.boss.work(job.name, { pollingIntervalSeconds: 1 }, async (batch) => {
        for (const item of batch) await this.runOne(job, item.data);
      });
      if (job.cron) await this.boss.schedule(job.name, job.cron, {});
      else await this.boss.unschedule(job.name).catch(() => {});
    }
    this.markStarted();
  }

  /** Runs a job's handler now, in this process (tests and the first sweep at start). */
  async runOne(job: JobDefinition, data: unknown): Promise<void> {
    await job.run(job.payload.parse(data ?? {}), this.deps());
  }

  /** Jobs sent while the workers are still starting wait for them (the port opens before the workers). */
  async send(name: string, data: object, options: { startAfterSeconds?: number; singletonKey?: string } = {}) {
    await this.started;
    const job = this.definitions.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, job.payload.parse(data) as object, {
      startAfter: options.startAfterSeconds,
      singletonKey: options.singletonKey,
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
