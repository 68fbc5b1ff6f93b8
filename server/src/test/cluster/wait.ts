import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 when asked (another listener may still take it before the caller binds). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers something truthy; fails with `what` after `timeoutMs`. Never a fixed sleep. */
export async function until<T>(what: string, check: () => Promise<T> | T, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => null);
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Polls `answers` until the child answers ('up') or exits ('exited'), whichever comes first. One poll
 * that also sees the exit: a poll raced against the exit would go on after a process that died at once,
 * and fail unobserved minutes later, inside whatever test runs then.
 */
export function untilUpOrExited(what: string, child: ChildProcess, answers: () => Promise<boolean>, timeoutMs: number) {
  return until(
    what,
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) return 'exited' as const;
      return (await answers()) ? ('up' as const) : null;
    },
    timeoutMs,
  );
}
