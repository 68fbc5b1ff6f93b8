import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client';
import type { JobDefinition, JobDeps } from './define';

/**
 * pg-boss on the same database as the product: PGlite through pg-boss's adapter, or PostgreSQL by
 * connection string. Workers and cron schedules come from the job definitions.
 */
export class JobRunner {
  private boss: PgBoss;
  private definitions = new Map<string, JobDefinition>();

  constructor(database: Database, private deps: JobDeps) {
    this.boss = database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as PGlite), backend: 'pglite' })
      : new PgBoss({ connectionString: deps.config.databaseUrl ?? undefined, max: 4 });
    this.boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  }

  async start(jobs: JobDefinition[]): Promise<void> {
    await this.boss.start();
    for (const job of jobs) {
      this.definitions.set(job.name, job);
      await this.boss.createQueue(job.name, {
        retryLimit: job.retry?.limit ?? 3,
        retryDelay: job.retry?.backoffSeconds ?? 5,
        retryBackoff: true,
      });
      await this.boss.work(job.name, { pollingIntervalSeconds: 1 }, async (batch) => {
        for (const item of batch) await this.runOne(job, item.data);
      });
      if (job.cron) await this.boss.schedule(job.name, job.cron, {});
      else await this.boss.unschedule(job.name).catch(() => {});
    }
  }

  /** Runs a job's handler now, in this process (tests and the first sweep at start). */
  async runOne(job: JobDefinition, data: unknown): Promise<void> {
    await job.run(job.payload.parse(data ?? {}), this.deps);
  }

  async send(name: string, data: object, options: { startAfterSeconds?: number; singletonKey?: string } = {}) {
    const job = this.definitions.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    return this.boss.send(name, job.payload.parse(data) as object, {
      startAfter: options.startAfterSeconds, singletonKey: options.singletonKey,
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
