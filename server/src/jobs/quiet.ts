/**
 * How an idle node stays quiet (issue 34): workers are woken instead of polling. pg-boss's LISTEN/NOTIFY
 * wakes a queue's workers when a job that can run at once is stored (queues are created with `notify`),
 * and JobWakeUps wakes them when a delayed one comes due; so a worker polls only as a last resort
 * (BACKSTOP_POLL_SECONDS), and falls back to its usual poll (TIMER_POLL, 1 s) should the listener be
 * unavailable. pg-boss's own timers are spaced out where nothing waits on them:
 * - flows (`flowIntervalSeconds`): pg-boss's job dependencies, which this app does not use;
 * - the queue cache (`queueCacheIntervalSeconds`): only its ready counts change, and no worker here
 *   decides on them (burstWhenBatchFull, not burstWhenReadyExceeds);
 * - background index builds after a pg-boss upgrade (`bamIntervalSeconds`);
 * - the cron forwarding queue's poll (`cronWorkerIntervalSeconds`): it is a notify queue too, so a
 *   cron job is forwarded as soon as the cron pass stores it;
 * - the cron pass itself (`cronMonitorIntervalSeconds`, pg-boss's longest, 45 s instead of 30): it reads
 *   and parses every schedule each time, for schedules of a minute or more (a job due at a minute's
 *   start is stored within 45 s instead of 30, as pg-boss's own catch-up window allows);
 * - the listener's heartbeat, which notices a silently dropped LISTEN connection; JobWakeUps' read
 *   every BACKSTOP_SCAN_MS runs on the pool meanwhile.
 * Idle figures before and after: bench/results/idle.md.
 */
export const QUIET = {
  useListenNotify: true,
  notifyHeartbeatIntervalMs: 60_000,
  flowIntervalSeconds: 3600,
  queueCacheIntervalSeconds: 300,
  bamIntervalSeconds: 600,
  cronWorkerIntervalSeconds: 45,
  cronMonitorIntervalSeconds: 45,
};
/** A notify queue's worker polls this seldom: every job is announced or read by JobWakeUps' scan. */
export const BACKSTOP_POLL_SECONDS = 3600;
/** JobWakeUps reads every queue's next due job at least this often (every second without a listener). */
export const BACKSTOP_SCAN_MS = { listening: 60_000, polling: 1_000 };
/** pg-boss's queue that forwards cron jobs (its timekeeper): woken by its notifications too. */
export const CRON_QUEUE = '__pgboss__send-it';
