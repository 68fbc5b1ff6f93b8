import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { JobDefinition, JobDeps, JobItem, JobSendOptions, JobTx } from './define';
import type { JobQueue } from './queue';
import { BACKSTOP_POLL_SECONDS, BACKSTOP_SCAN_MS, CRON_QUEUE, QUIET } from './quiet';
import { DUE_CHANNEL, duePayload, JobWakeUps } from './wake-ups';

/** The queue of one node for a job (JobDefinition.nodeQueue). */
export const nodeQueueName = (job: string, node: string) => `${job}.${node}`;

/** An id no job has: reading it only loads a queue into pg-boss's cache. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';

/**
 * Jobs a worker takes per fetch. With one per fetch a queue runs one job per polling interval (1 s),
 * so thousands of timers due together would fire hours late; a full batch fetches again at once
 * (burst), so a backlog drains as fast as the handlers run, and an idle queue still polls once a second.
 */
const BATCH_SIZE = 20;
/**
 * Timers (inactivity, expiry, rotation, redirect) of a batch run this many at a time: many come due
 * together and each waits mostly on the database; they touch different tickets (one ticket's turns
 * are serialised by its row lock). Other jobs run one after another, in the order fetched. At 4,
 * timers fired seconds late on an idle machine (bench/results/code-figures.md): the lanes waited on
 * round trips, not on the CPUs.
 */
const TIMER_CONCURRENCY = 8;
/**
 * How a timer queue is polled on PostgreSQL: twice a second (pg-boss's minimum), by two workers of
 * its own, so a timer waits at most half a second for a poll and never for the slowest job of the
 * batch fetched before it (each worker fetches only when its own batch is done). At one worker and
 * 1 s polls, timers fired seconds late while the CPUs were half idle. Four workers were tried: every
 * timer queue (a dozen) is then polled eight times a second on pg-boss's four connections, which slowed
 * a flow's first step far more than it hurried the timers (both: bench/results/code-figures.md). PGlite is one
 * connection: a second worker would only wait for it, and there one poll a second is enough for a
 * single company's demo.
 */
const TIMER_POLL = { postgres: { seconds: 0.5, workers: 2 }, pglite: { seconds: 1, workers: 1 } };

/**
 * pg-boss on the same database as the product: PGlite through pg-boss's adapter, or PostgreSQL by
 * connection string. Workers and cron schedules come from the job definitions. A job sent with `tx`
 * is inserted through that transaction (pg-boss's drizzle adapter), so it exists exactly when the
 * caller's rows do, on both drivers.
 */
export class JobRunner implements JobQueue {
  private boss: PgBoss;
  private definitions = new Map<string, JobDefinition>();
  private started: Promise<void>;
  private isStarted = false;
  private readonly databaseKind: Database['kind'];
  private markStarted!: () => void;
  /** Handlers run and sends made after a commit, in the background; stop() lets them finish. */
  private afterCommitWork = new Set<Promise<void>>();
  /** The queues this node sends to or works, read by JobWakeUps' scan. */
  private watched: string[] = [];
  /** Wakes workers when delayed jobs come due (null until started). */
  wakeUps: JobWakeUps | null = null;
  private dueListener: { close(): Promise<void> } | null = null;
  private extraListeners: { close(): Promise<void> }[] = [];

  /** `deps` is read when a job runs, so the runner can exist before the app it serves. */
  /** How this node polls timer queues: by the database it runs on (TIMER_POLL). */
  private timerPoll: (typeof TIMER_POLL)[Database['kind']];

  /** Whether delayed jobs' due times are heard (DUE_CHANNEL); without it, JobWakeUps reads every second. */
  listening = false;
  /** How often a worker polls when pg-boss's LISTEN is unavailable (1 s); `pollSeconds` sets it (tests lengthen it). */
  private basePollSeconds: number;

  constructor(
    database: Database,
    private deps: () => JobDeps,
    { pollSeconds }: { pollSeconds?: number } = {},
  ) {
    this.databaseKind = database.kind;
    this.timerPoll = pollSeconds ? { ...TIMER_POLL[database.kind], seconds: pollSeconds } : TIMER_POLL[database.kind];
    this.basePollSeconds = pollSeconds ?? 1;
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(database.pglite as PGlite), backend: 'pglite', ...QUIET })
        : new PgBoss({ connectionString: database.url ?? undefined, max: 4, ...QUIET });
    this.boss.on('error', (err) => this.deps().log.error({ err }, 'job queue error'));
    this.boss.on('warning', (warning) => this.deps().log.warn({ warning }, 'job queue warning'));
    this.started = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  /** Creates the queues; with `work` false (JOBS=off) this node only sends, other nodes work. */
  async start(jobs: JobDefinition[], { work = true } = {}): Promise<void> {
    await this.boss.start();
    // Queues stored before `notify` was asked for get it now (createQueue leaves an existing queue as it is).
    const notifies = new Map((await this.boss.getQueues()).map((q) => [q.name, q.notify]));
    const createQueue = async (name: string, options: object) => {
      await this.boss.createQueue(name, { ...options, notify: true });
      if (notifies.get(name) === false) await this.boss.updateQueue(name, { notify: true });
      this.watched.push(name);
    };
    for (const job of jobs) {
      this.definitions.set(job.name, job);
      const options = { retryLimit: job.retry?.limit ?? 3, retryDelay: job.retry?.backoffSeconds ?? 5, retryBackoff: true };
      await createQueue(job.name, options);
      if (job.nodeQueue) {
        // This node's own queue: what only this node can do (sessions it holds), so it works it even with JOBS=off.
        const mine = nodeQueueName(job.name, this.deps().config.nodeId);
        await createQueue(mine, options);
        const polls = { pollingIntervalSeconds: this.basePollSeconds, notifyPollingIntervalSeconds: BACKSTOP_POLL_SECONDS };
        await this.boss.work(mine, polls, async (batch) => {
          for (const item of batch) await this.runOne(job, item.data);
        });
      }
      // A send inside a transaction must find the queue in pg-boss's cache: on a miss pg-boss reads
      // it on its own connection, which on PGlite (one connection) waits for that very transaction.
      await this.boss.getJobById(job.name, NO_JOB);
      if (!work) continue;
      // A definition's `worker` sets its own batch and how many of a batch run at once (JobDefinition.worker).
      const batchSize = job.worker?.batchSize ?? BATCH_SIZE;
      const lanes = job.worker?.concurrency ?? (job.timer ? TIMER_CONCURRENCY : 1);
      const poll = job.timer ? this.timerPoll : { seconds: this.basePollSeconds, workers: 1 };
      await this.boss.work(
        job.name,
        {
          pollingIntervalSeconds: poll.seconds,
          notifyPollingIntervalSeconds: BACKSTOP_POLL_SECONDS,
          localConcurrency: poll.workers,
          batchSize,
          burstWhenBatchFull: true,
        },
        // Each job of the batch succeeds or fails on its own (retried by its own policy): a failed one is
        // failed here, and pg-boss completes the rest when the handler returns (its completion touches
        // active jobs only). Not pg-boss's perJobResults: its completion joins the batch to every job of
        // the queue, which grew with the queue (bench/results/code-figures.md).
        async (batch) => {
          if (job.runBatch && batch.length > 1 && (await this.runTogether(job, batch))) return;
          let next = 0;
          const lane = async () => {
            while (next < batch.length) {
              const item = batch[next++];
              try {
                await this.runOne(job, item.data);
              } catch (err) {
                this.deps().log.warn({ err, job: job.name }, 'job failed; pg-boss retries it by its policy');
                await this.boss.fail(job.name, item, { message: err instanceof Error ? err.message : String(err) });
                this.wakeUps?.scanSoon(); // learns when its retry comes due
              }
            }
          };
          await Promise.all(Array.from({ length: lanes }, lane));
        },
      );
      if (job.cron) await this.boss.schedule(job.name, job.cron, {});
      else await this.boss.unschedule(job.name).catch(() => {});
    }
    if (notifies.get(CRON_QUEUE) === false) await this.boss.updateQueue(CRON_QUEUE, { notify: true });
    this.watched.push(CRON_QUEUE);
    await this.startWakeUps();
    this.isStarted = true;
    this.markStarted();
  }

  /**
   * Listens for delayed jobs' due times (DUE_CHANNEL) and starts JobWakeUps. Without a listener (pg-boss
   * then polls as it did before) the wake-ups still read every queue's next due job every second.
   */
  private async startWakeUps(): Promise<void> {
    const db = this.boss.getDb();
    const options = {
      scan: () => this.dueQueues(),
      wake: (queue: string) => this.wake(queue),
      backstopMs: BACKSTOP_SCAN_MS.polling,
      onError: (err: unknown) => this.deps().log.warn({ err }, 'reading the due jobs failed; read again later'),
    };
    const wakeUps = new JobWakeUps(options);
    this.wakeUps = wakeUps;
    try {
      if (!db.listen) throw new Error('this database adapter cannot LISTEN');
      this.dueListener = await db.listen(
        DUE_CHANNEL,
        (payload) => wakeUps.heard(payload),
        () => wakeUps.scanSoon(),
      );
      options.backstopMs = BACKSTOP_SCAN_MS.listening;
      this.listening = true;
    } catch (err) {
      this.deps().log.warn({ err }, 'no LISTEN for due jobs: their queues are read every second instead');
    }
    await wakeUps.start();
  }

  /**
   * Listens on `channel` through pg-boss's LISTEN connection (PostgreSQL; none on PGlite, one process):
   * for other parts of the node that need to hear other nodes (the session keeper). Answers whether it listens.
   */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<boolean> {
    const db = this.boss.getDb();
    if (!this.isStarted || !db.listen || this.databaseKind !== 'postgres') return false;
    const listener = await db.listen(channel, onPayload, () => onPayload(''));
    this.extraListeners.push(listener);
    return true;
  }

  /** Tells every node listening on `channel` (see listen). */
  async notify(channel: string, payload = ''): Promise<void> {
    if (!this.isStarted || this.databaseKind !== 'postgres') return;
    await this.boss.getDb().executeSql('select pg_notify($1, $2)', [channel, payload]);
  }

  /** Each watched queue with a waiting job, and the milliseconds until its earliest comes due (the database's clock). */
  private async dueQueues(): Promise<{ queue: string; inMs: number }[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (MIN(start_after) - pgboss.job_now())) * 1000))::float8 AS in_ms
         FROM pgboss.job WHERE name = ANY($1::text[]) AND state < 'active' AND NOT blocked GROUP BY name`,
      [this.watched],
    );
    return (rows as { name: string; in_ms: number | string }[]).map((r) => ({ queue: r.name, inMs: Number(r.in_ms) }));
  }

  /** Makes this node's workers of the queue fetch now (each of them: a timer queue has two). */
  private wake(queue: string): void {
    for (const worker of this.boss.getWipData({ includeInternal: true })) {
      if (worker.name === queue) this.boss.notifyWorker(worker.id);
    }
  }

  /**
   * Tells every node when a delayed job just stored comes due (in the sender's transaction when there is
   * one, so it is heard only if the job exists), unless they already expect the queue sooner (covers).
   */
  private async announce(queue: string, inSeconds: number | undefined, tx?: JobTx): Promise<void> {
    if (!inSeconds || !this.wakeUps || this.wakeUps.covers(queue, inSeconds * 1000)) return;
    const payload = duePayload(queue, inSeconds * 1000);
    if (tx) await tx.execute(sql`select pg_notify(${DUE_CHANNEL}, ${payload})`);
    else await this.boss.getDb().executeSql('select pg_notify($1, $2)', [DUE_CHANNEL, payload]);
  }

  /**
   * A fetched batch through the job's runBatch: true when it succeeded (pg-boss then completes every
   * job), false when it threw (the caller then runs them one by one, so a bad job fails alone).
   */
  private async runTogether(job: JobDefinition, batch: { data: unknown }[]): Promise<boolean> {
    try {
      const handled = this.definitions.get(job.name) ?? job;
      await handled.runBatch!(
        batch.map((item) => handled.payload.parse(item.data ?? {})),
        this.deps(),
      );
      return true;
    } catch (err) {
      this.deps().log.warn({ err, job: job.name, jobs: batch.length }, 'batch run failed; its jobs run one by one');
      return false;
    }
  }

  /** Runs a job's handler now, in this process (tests and the first sweep at start). */
  async runOne(job: JobDefinition, data: unknown): Promise<void> {
    // The registered definition's handler: a job declared apart from it (declareJob) is sent by its declaration.
    const handled = this.definitions.get(job.name) ?? job;
    await handled.run(handled.payload.parse(data ?? {}), this.deps());
  }

  /**
   * Jobs sent while the workers are still starting wait for them (the port opens before the workers).
   * A send in a transaction cannot wait inside it (on PGlite the start itself would wait for the
   * transaction), so until the start it is sent right after the commit, as every job was before: a
   * stop in that gap loses it unless its feature sweeps for such work (outbound messages do).
   */
  async send<S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>, options: JobSendOptions = {}): Promise<string | null> {
    const data = job.payload.parse(payload) as object;
    const { tx, runAfterCommit, unstored, ...timing } = options;
    return this.deliver(job, [data], options, (on) => this.insert(job, data, timing, on));
  }

  /** send() for many jobs with the same timing: one pg-boss insert (in the caller's transaction when given). */
  async sendMany<S extends z.ZodType>(
    job: JobDefinition<S>,
    items: JobItem<z.input<S>>[],
    options: Omit<JobSendOptions, 'singletonKey' | 'node'> = {},
  ): Promise<void> {
    const rows = items.map(({ payload, singletonKey, startAfterSeconds = options.startAfterSeconds }) => ({
      data: job.payload.parse(payload) as object,
      singletonKey,
      ...this.expiryOf(job),
      ...(startAfterSeconds ? { startAfter: `${startAfterSeconds} seconds` } : {}),
    }));
    await this.deliver(
      job,
      rows.map((r) => r.data),
      options,
      async (on) => {
        await this.storable(job);
        await this.boss.insert(job.name, rows, on ? { db: fromDrizzle(on, sql) } : {});
        const delays = items.map((item) => item.startAfterSeconds ?? options.startAfterSeconds ?? 0);
        if (delays.some((d) => d > 0)) await this.announce(job.name, Math.min(...delays.filter((d) => d > 0)), on);
      },
    );
  }

  /**
   * What send and sendMany share: with runAfterCommit each handler runs in this process (right after
   * the commit when there is a transaction), and with unstored nothing is stored; otherwise `store`
   * writes the jobs in the caller's transaction, or right after its commit while the queue is still
   * starting (see send).
   */
  private async deliver<R>(
    job: JobDefinition,
    datas: object[],
    { tx, runAfterCommit, unstored }: Pick<JobSendOptions, 'tx' | 'runAfterCommit' | 'unstored'>,
    store: (tx?: JobTx) => Promise<R>,
  ): Promise<R | null> {
    if (runAfterCommit) {
      const runNow = () => {
        for (const data of datas) this.inBackground(job, () => this.runOne(job, data));
      };
      if (tx) tx.afterCommit(runNow);
      else runNow();
      if (unstored) return null;
    }
    if (tx && !this.isStarted) {
      tx.afterCommit(() => this.inBackground(job, () => store()));
      return null;
    }
    return store(tx);
  }

  /** Waits for the queues to exist and refuses a job this runner was not started with. */
  private async storable(job: JobDefinition): Promise<void> {
    await this.started;
    if (!this.definitions.has(job.name)) throw new Error(`unknown job ${job.name}`);
  }

  private async insert(job: JobDefinition, data: object, timing: JobSendOptions, tx?: JobTx): Promise<string | null> {
    await this.storable(job);
    if (timing.node && !job.nodeQueue) throw new Error(`job ${job.name} has no node queues`);
    const queue = timing.node ? nodeQueueName(job.name, timing.node) : job.name;
    const id = await this.boss.send(queue, data, {
      startAfter: timing.startAfterSeconds,
      singletonKey: timing.singletonKey,
      ...this.expiryOf(job),
      ...(tx ? { db: fromDrizzle(tx, sql) } : {}),
    });
    await this.announce(queue, timing.startAfterSeconds, tx);
    return id;
  }

  /**
   * A job's own expiry (JobDefinition.expireInSeconds), set on each job sent: the queue's is fixed at its
   * creation. The key is left out when the job has none: pg-boss refuses one present but undefined.
   */
  private expiryOf(job: JobDefinition): { expireInSeconds?: number } {
    return job.expireInSeconds ? { expireInSeconds: job.expireInSeconds(this.deps().config) } : {};
  }

  /**
   * Work started after a commit that the commit's caller does not wait for (a reply's request does not
   * wait on the provider, nor on the queue's start); a failure is left to the stored job.
   */
  private inBackground(job: JobDefinition, work: () => Promise<unknown>): void {
    const run = work().then(
      () => {},
      (err) =>
        this.deps().log.warn({ err, job: job.name }, 'job work after commit failed; its stored job, or its feature sweep, tries again'),
    );
    this.afterCommitWork.add(run);
    void run.finally(() => this.afterCommitWork.delete(run));
  }

  /**
   * How many jobs of each queue wait (ready now or delayed) and run, as pg-boss's monitor last counted
   * them (it counts every few seconds; the figure is for dashboards, not for decisions).
   */
  async queueDepths(): Promise<{ queue: string; ready: number; deferred: number; active: number }[]> {
    if (!this.isStarted) return [];
    const queues = await this.boss.getQueues([...this.definitions.keys()]);
    return queues.map((q) => ({ queue: q.name, ready: q.readyCount, deferred: q.deferredCount, active: q.activeCount }));
  }

  /** Lets work started after a commit finish (bounded: a stuck provider call is the stored job's to redo). */
  async stop(): Promise<void> {
    this.wakeUps?.stop();
    await this.dueListener?.close().catch(() => {});
    for (const listener of this.extraListeners.splice(0)) await listener.close().catch(() => {});
    await Promise.race([Promise.all([...this.afterCommitWork]), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    // Running jobs get 15 s to finish (a node's whole stop is bounded at 29 s, main.ts); the rest are retried elsewhere.
    await this.boss.stop({ graceful: true, timeout: 15_000 });
  }
}
