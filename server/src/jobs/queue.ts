import type { z } from 'zod';
import type { JobDefinition, JobDeps, JobItem, JobSendOptions } from './define';

/** A job handler that threw, in a test (InlineJobQueue). */
export interface JobFailure {
  job: string;
  error: unknown;
}

/** What features send jobs through; JobRunner (pg-boss) in the product, InlineJobQueue in tests. */
export interface JobQueue {
  /** Features call `someJob.send(queue, payload)`, which lands here, typed by the job's schema. */
  send<S extends z.ZodType>(job: JobDefinition<S>, payload: z.input<S>, options?: JobSendOptions): Promise<unknown>;
  /** Many jobs of one kind with the same timing: one insert in the product (`job.sendMany(queue, items)`). */
  sendMany<S extends z.ZodType>(
    job: JobDefinition<S>,
    items: JobItem<z.input<S>>[],
    options?: Omit<JobSendOptions, 'singletonKey' | 'node'>,
  ): Promise<unknown>;
}

/**
 * Runs a job's handler in this process right after it is sent, without waiting out delays: tests get
 * the real handler's effects deterministically without a pg-boss worker. Delayed jobs still keep the
 * order their delays give them in production (each runs after the delayed jobs sent before it), so
 * "delivered, then read" never races. A job sent in a transaction runs after its commit, and never
 * when it rolls back; with `runAfterCommit` it runs at once (its delayed fallback would find the work
 * done). A handler that throws is recorded as a failure: the test harness fails the test that left
 * one behind, unless the test takes it with `takeFailures()` (t.expectJobFailures()).
 */
export class InlineJobQueue implements JobQueue {
  private failures: JobFailure[] = [];
  private pending = new Set<Promise<void>>();
  private definitions = new Map<string, JobDefinition>();
  private delayedChain: Promise<void> = Promise.resolve();
  /** Timers waiting for the test clock (see JobDefinition.timer). */
  private timers: HeldTimer[] = [];

  constructor(
    definitions: JobDefinition[],
    private deps: () => JobDeps,
  ) {
    for (const d of definitions) this.definitions.set(d.name, d);
  }

  async send<S extends z.ZodType>(sent: JobDefinition<S>, data: z.input<S>, options: JobSendOptions = {}): Promise<string> {
    // The registered definition's handler: a job declared apart from it (declareJob) is sent by its declaration.
    const job = this.definitions.get(sent.name) as JobDefinition<S> | undefined;
    if (!job) throw new Error(`unknown job ${sent.name}`);
    const payload = job.payload.parse(data);
    const { tx, runAfterCommit, startAfterSeconds } = options;
    if (job.timer && startAfterSeconds) {
      const hold = () => void this.timers.push({ job, payload, dueAt: this.deps().clock.now().getTime() + startAfterSeconds * 1000 });
      if (tx) tx.afterCommit(hold);
      else hold();
      return `inline-${job.name}`;
    }
    if (tx) tx.afterCommit(() => this.start(job, payload, runAfterCommit ? undefined : startAfterSeconds));
    else this.start(job, payload, runAfterCommit ? undefined : startAfterSeconds);
    return `inline-${job.name}`;
  }

  async sendMany<S extends z.ZodType>(
    job: JobDefinition<S>,
    items: JobItem<z.input<S>>[],
    options: Omit<JobSendOptions, 'singletonKey' | 'node'> = {},
  ): Promise<void> {
    for (const { payload, singletonKey, startAfterSeconds = options.startAfterSeconds } of items)
      await this.send(job, payload, { ...options, singletonKey, startAfterSeconds });
  }

  private start<S extends z.ZodType>(job: JobDefinition<S>, payload: z.output<S>, startAfterSeconds: number | undefined): void {
    const execute = () => job.run(payload, this.deps()).catch((error) => void this.failures.push({ job: job.name, error }));
    let run: Promise<void>;
    if (startAfterSeconds) {
      run = this.delayedChain.then(execute);
      this.delayedChain = run;
    } else {
      run = execute();
    }
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** The errors thrown by handlers so far (not yet taken). */
  get errors(): unknown[] {
    return this.failures.map((f) => f.error);
  }

  /** Hands over the failures recorded so far and forgets them. */
  takeFailures(): JobFailure[] {
    return this.failures.splice(0);
  }

  /** Runs, one after another, every held timer due by the clock's now (and those they set that are due too). */
  async fireDueTimers(): Promise<void> {
    await this.drain();
    for (;;) {
      const now = this.deps().clock.now().getTime();
      const due = this.timers.filter((t) => t.dueAt <= now).sort((a, b) => a.dueAt - b.dueAt);
      if (due.length === 0) return;
      this.timers = this.timers.filter((t) => !due.includes(t));
      for (const group of batchesOf(due)) {
        const job = group[0].job;
        const payloads = group.map((t) => job.payload.parse(t.payload));
        // A job with runBatch gets its due timers together, as a worker's fetched batch does.
        const run = job.runBatch && payloads.length > 1 ? job.runBatch(payloads, this.deps()) : job.run(payloads[0], this.deps());
        await run.catch((err) => void this.failures.push({ job: job.name, error: err }));
        await this.drain();
      }
    }
  }

  /** Timers still held, by job name (a test's check that a timer was set, or was not). */
  heldTimers(name?: string): { name: string; payload: unknown; dueAt: Date }[] {
    return this.timers
      .filter((t) => !name || t.job.name === name)
      .map((t) => ({ name: t.job.name, payload: t.payload, dueAt: new Date(t.dueAt) }));
  }

  /** Waits until every job sent so far (and the jobs they sent) has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

type HeldTimer = { job: JobDefinition; payload: unknown; dueAt: number };

/** Due timers in order, consecutive ones of a job with runBatch grouped (others one per group). */
function batchesOf(due: HeldTimer[]): HeldTimer[][] {
  const groups: HeldTimer[][] = [];
  for (const t of due) {
    const last = groups.at(-1);
    if (last && t.job.runBatch && last[0].job.name === t.job.name) last.push(t);
    else groups.push([t]);
  }
  return groups;
}
