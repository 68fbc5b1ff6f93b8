import type { JobDefinition, JobDeps } from './define';

/** What features use to schedule work; JobRunner (pg-boss) in the product, InlineJobQueue in tests. */
export interface JobQueue {
  send(name: string, data: object, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<unknown>;
}

/**
 * Runs a job's handler in this process right after it is sent, without waiting out delays: tests get
 * the real handler's effects deterministically without a pg-boss worker. Delayed jobs still keep the
 * order their delays give them in production (each runs after the delayed jobs sent before it), so
 * "delivered, then read" never races. Errors are kept for the test to see.
 */
export class InlineJobQueue implements JobQueue {
  readonly errors: unknown[] = [];
  private pending = new Set<Promise<void>>();
  private definitions = new Map<string, JobDefinition>();
  private delayedChain: Promise<void> = Promise.resolve();

  constructor(
    definitions: JobDefinition[],
    private deps: () => JobDeps,
  ) {
    for (const d of definitions) this.definitions.set(d.name, d);
  }

  async send(name: string, data: object, options: { startAfterSeconds?: number } = {}): Promise<string> {
    const job = this.definitions.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const payload = job.payload.parse(data);
    const execute = () => job.run(payload, this.deps()).catch((err) => void this.errors.push(err));
    let run: Promise<void>;
    if (options.startAfterSeconds) {
      run = this.delayedChain.then(execute);
      this.delayedChain = run;
    } else {
      run = execute();
    }
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return `inline-${name}`;
  }

  /** Waits until every job sent so far (and the jobs they sent) has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
