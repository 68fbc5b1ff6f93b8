import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function machineBusyTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(after[11]) + Number(after[12]); // utime + stime
  } catch {
    return 0; // the process ended between listing and reading
  }
}

function postgresTicks() {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += processTicks(pid);
    } catch {
      // gone already
    }
  }
  return sum;
}

/**
 * Where the machine's CPU went during a run: the server, the PostgreSQL processes (every database,
 * so other users of the same PostgreSQL count here too), this load generator, and everything else.
 * On a shared machine "everything else" says how much the figures were disturbed.
 */
export function cpuMeter(serverPid = null) {
  // Without a pid yet (a server about to be spawned) its CPU counts from zero; pass the pid when reading.
  const start = {
    machine: machineBusyTicks(),
    server: serverPid ? processTicks(serverPid) : 0,
    pg: postgresTicks(),
    self: process.cpuUsage(),
    at: process.hrtime.bigint(),
  };
  return (pid = serverPid) => {
    const seconds = Number(process.hrtime.bigint() - start.at) / 1e9;
    const capacity = seconds * os.availableParallelism();
    const m = machineBusyTicks();
    const busy = (m.busy - start.machine.busy) / TICKS_PER_SECOND;
    const server = (processTicks(pid) - start.server) / TICKS_PER_SECOND;
    const pg = (postgresTicks() - start.pg) / TICKS_PER_SECOND;
    const selfUsage = process.cpuUsage(start.self);
    const self = (selfUsage.user + selfUsage.system) / 1e6;
    const pct = (v) => (100 * v) / capacity;
    return {
      server: pct(server),
      postgres: pct(pg),
      generator: pct(self),
      other: pct(Math.max(0, busy - server - pg - self)),
      idle: pct(Math.max(0, capacity - busy)),
    };
  };
}

/**
 * Waits (up to `maxSeconds`) until the process `pid` used under `share` of one CPU over a whole
 * second: work it took on earlier (an in-process backlog) is done. Answers the seconds waited.
 */
export async function waitForIdleProcess(pid, { maxSeconds = 180, share = 0.2 } = {}) {
  const started = Date.now();
  for (;;) {
    const before = processTicks(pid);
    await new Promise((r) => setTimeout(r, 1000));
    const used = (processTicks(pid) - before) / TICKS_PER_SECOND;
    const waited = (Date.now() - started) / 1000;
    if (used < share || waited >= maxSeconds) return waited;
  }
}
