import os from 'node:os';

/**
 * Other work on the machine (builds, test suites) skews every figure, so a suite first waits, for a
 * bounded time, until the 1-minute load average is under half the CPUs; the results record the load at
 * the start and at the end either way.
 */
export async function waitForQuiet(maxSeconds, log = console.log) {
  const limit = os.availableParallelism() / 2;
  const deadline = Date.now() + maxSeconds * 1000;
  while (os.loadavg()[0] > limit && Date.now() < deadline) {
    log(`load average ${os.loadavg()[0].toFixed(2)} > ${limit}: waiting for a quieter machine`);
    await new Promise((r) => setTimeout(r, 10_000));
  }
  return os.loadavg()[0];
}
