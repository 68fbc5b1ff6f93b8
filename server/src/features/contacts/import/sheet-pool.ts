import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { READ_BUDGET_MS } from './sheet-limits';
import type { SheetTask, SheetTaskResult } from './sheet-worker';

/**
 * Uploaded sheets are read in worker threads, never on the thread that answers requests: reading a
 * workbook is CPU work proportional to what it inflates to, and a hostile one (a small xlsx holding one
 * huge string) once held this node far longer than any request may wait (bench/results/code-figures.md). Each worker's heap is capped, so a sheet that
 * gets past every limit still only kills its worker (the pool starts another). A read refuses itself
 * after READ_BUDGET_MS of its own time (sheet-limits.ts); a task not answered after STOP_AFTER_MS, queue
 * wait included, is stopped here (Piscina terminates the worker running an aborted task): the guard
 * for a read stuck where it cannot look at the clock.
 */
const STOP_AFTER_MS = 3 * READ_BUDGET_MS;
const WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Uploads waiting for a worker; past it an upload is answered 503 at once rather than queued for minutes. */
const MAX_WAITING = 16;
const HEAP_MB = 256;

// Run from source (tests, `npm run dev`) the worker is TypeScript and tsx compiles it; the build bundles it beside main.js.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './sheet-worker.ts' : './sheet-worker.js', import.meta.url);

let pool: Piscina<SheetTask, SheetTaskResult> | undefined;

/** The pool, made on the first upload: an idle server (and most requests) never starts a worker. */
function sheetPool(): Piscina<SheetTask, SheetTaskResult> {
  if (!pool) {
    pool = new Piscina<SheetTask, SheetTaskResult>({
      filename: workerFile.href,
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      minThreads: 0,
      maxThreads: WORKERS,
      idleTimeout: 60_000,
      maxQueue: MAX_WAITING,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    // A worker that dies between tasks is replaced on the next one; without a listener this event would end the process.
    pool.on('error', () => {});
  }
  return pool;
}

/** Why a read did not come back: the reader's own guards (time, memory), or a full queue. */
export type SheetReadFailure = 'readTime' | 'memory' | 'busy';

export class SheetReadFailed extends Error {
  constructor(readonly why: SheetReadFailure) {
    super(`sheet read failed: ${why}`);
  }
}

/** Reads a contact sheet in a worker. */
export async function readSheetOffThread(task: SheetTask): Promise<SheetTaskResult> {
  try {
    return await sheetPool().run(task, { signal: AbortSignal.timeout(STOP_AFTER_MS) });
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    if (e.name === 'AbortError') throw new SheetReadFailed('readTime');
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new SheetReadFailed('memory');
    if (e.message === 'Task queue is at limit') throw new SheetReadFailed('busy');
    throw err;
  }
}
