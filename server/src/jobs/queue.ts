import type { JobDefinition, JobDeps } from './define';

/** What features use to schedule work; JobRunner (pg-boss) in the product, InlineJobQueue in tests. */
export interface JobQueue {
  send(name: string, data: object, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<unknown>;
}

/**
 * Runs a job's handler in this process right after it is sent, ignoring delays: tests get the real
 * handler's effects deterministically without a pg-boss worker. Errors are kept for the test to see.
 */
export class InlineJobQueue implements JobQueue {
  readonly errors: unknown[] = [];
  private pending = new Set<Promise<void>>();
  private definitions = new Map<string, JobDefinition>();

  constructor(definitions: JobDefinition[], private deps: () => JobDeps) {
    for (const d of definitions) this.definitions.set(d.name, d);
  }

  async send(name: string, data: object): Promise<string> {
    const job = this.definitions.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    const payload = job.payload.parse(data);
    const run = job.run(payload, this.deps()).catch((err) => void this.errors.push(err));
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return `inline-${name}`;
  }

  /** Waits until every job sent so far (and the jobs they sent) has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
