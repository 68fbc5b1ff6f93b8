/**
 * When this node's workers must look at a queue, so that they need not poll (issue 34: an idle node
 * polled ~40 queues every 0.5-1 s). pg-boss wakes a queue's workers itself when a job that can run at
 * once is stored (its LISTEN/NOTIFY, queues created with `notify`); what it does not do is wake them
 * when a delayed job (a timer, a retry) comes due. That is done here:
 * - a delayed job's sender publishes the queue and the delay (DUE_CHANNEL); every node, the sender
 *   included, hears it and sets a timer for that moment;
 * - when a timer fires, the queue's workers are woken and the queues' next due jobs are read again
 *   (one statement for every queue: `scan`), which also finds retries and anything heard of nowhere;
 * - the same read runs at start, when the listener (re)connects, after a job fails, and every
 *   `backstopMs` in any case (every second when no listener could be set up).
 * Only the earliest due time per queue is kept: a later one is learnt from the read after it fires.
 */
export const DUE_CHANNEL = 'chatflow_job_due';

/** The queue and the milliseconds until its job comes due, as published on DUE_CHANNEL. */
export const duePayload = (queue: string, inMs: number) => `${Math.max(0, Math.ceil(inMs))} ${queue}`;

export interface WakeUpOptions {
  /** Each queue with a waiting job (ready or delayed, not running), and the milliseconds until its earliest comes due. */
  scan(): Promise<{ queue: string; inMs: number }[]>;
  /** Makes this node's workers of the queue fetch now. */
  wake(queue: string): void;
  /** How long without a read at most (the safety net for a notification missed). */
  backstopMs: number;
  onError(err: unknown): void;
}

/** Reads closer together than this are joined into one (a burst of due timers fires many wake-ups). */
const MIN_SCAN_GAP_MS = 250;
/** A wake-up set this late after a due time, so the job is due by the database's clock when fetched. */
const SLACK_MS = 5;
/**
 * A delayed job sent to a queue that already has a known wake-up at least this far ahead of now, and no
 * later than the new job's, needs no notification: every node set that wake-up too (it heard it, or read
 * it), and the read that follows it finds the new job. Closer than this, a node may be reading right now.
 */
const COVERED_AHEAD_MS = 2_000;

export class JobWakeUps {
  /** The earliest known due time (this process's clock, ms) per queue. */
  private next = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private lastScan = 0;
  private scanning: Promise<void> | null = null;
  /** A read is asked for (after a wake-up, a failure, a reconnect): it runs once MIN_SCAN_GAP_MS after the last. */
  private scanWanted = false;
  private stopped = false;
  /** Wake-ups made, by what made them (tests and the bench read these). */
  readonly counts = { heard: 0, fired: 0, scans: 0 };

  constructor(private readonly options: WakeUpOptions) {}

  /** Starts with a read of every queue's next due job. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.scanNow();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** A notification: `duePayload` of a delayed job some node (this one too) stored. */
  heard(payload: string): void {
    const space = payload.indexOf(' ');
    const inMs = Number(payload.slice(0, space));
    if (space < 0 || !Number.isFinite(inMs)) return;
    this.counts.heard++;
    this.expect(payload.slice(space + 1), Date.now() + inMs);
  }

  /** Whether a delayed job due in `inMs` on `queue` can be left unannounced (COVERED_AHEAD_MS). */
  covers(queue: string, inMs: number): boolean {
    const known = this.next.get(queue);
    const now = Date.now();
    return known !== undefined && known - now >= COVERED_AHEAD_MS && known <= now + inMs;
  }

  /** Reads the queues again soon (after a failure: its retry's due time; after a listener reconnect). */
  scanSoon(): void {
    if (this.stopped) return;
    this.scanWanted = true;
    if (this.scanning) return; // it reads again when done (scanNow)
    this.arm(Math.max(Date.now(), this.lastScan + MIN_SCAN_GAP_MS));
  }

  private expect(queue: string, dueAt: number): void {
    const known = this.next.get(queue);
    if (known !== undefined && known <= dueAt) return;
    this.next.set(queue, dueAt);
    this.arm(dueAt + SLACK_MS);
  }

  /** Sets the one timer for the earliest of: a known due time, the pending read, the backstop read. */
  private arm(at: number): void {
    if (this.stopped || at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - Date.now()));
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (this.stopped) return;
    const now = Date.now();
    for (const [queue, at] of this.next) {
      if (at > now) continue;
      this.next.delete(queue);
      this.counts.fired++;
      this.options.wake(queue);
      // The read after a wake-up learns the queue's next due job.
      this.scanWanted = true;
    }
    if (now >= this.lastScan + this.options.backstopMs) this.scanWanted = true;
    if (this.scanWanted && now >= this.lastScan + MIN_SCAN_GAP_MS) void this.scanNow();
    else this.rearm();
  }

  private rearm(): void {
    let at = this.lastScan + (this.scanWanted ? MIN_SCAN_GAP_MS : this.options.backstopMs);
    for (const dueAt of this.next.values()) at = Math.min(at, dueAt + SLACK_MS);
    this.arm(at);
  }

  private async scanNow(): Promise<void> {
    if (this.scanning) {
      this.scanWanted = true;
      return this.scanning;
    }
    this.scanWanted = false;
    this.lastScan = Date.now();
    this.counts.scans++;
    this.scanning = this.options
      .scan()
      .then((rows) => {
        const now = Date.now();
        for (const { queue, inMs } of rows) {
          if (inMs <= 0) this.options.wake(queue);
          else this.expect(queue, now + inMs);
        }
      })
      .catch((err) => this.options.onError(err))
      .finally(() => {
        this.scanning = null;
        // Asked for again meanwhile: once MIN_SCAN_GAP_MS after this one (rearm).
        this.rearm();
      });
    return this.scanning;
  }
}
