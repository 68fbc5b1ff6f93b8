import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // ended meanwhile
  }
}

function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/** CPU ticks of the given processes and all their descendants (Chromium's renderer, GPU and utility processes). */
function treeTicks(rootPids) {
  const all = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = stat(d);
    if (s) all.set(Number(d), s);
  }
  const inTree = new Set(rootPids.filter(Boolean));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, s] of all) {
      if (!inTree.has(pid) && inTree.has(s.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let sum = 0;
  for (const pid of inTree) sum += all.get(pid)?.ticks ?? 0;
  return sum;
}

/**
 * Where the CPUs went during a run: the benchmark's own processes (Chromium and its children, the
 * server, PostgreSQL is left out as it serves every database) against everything the machine did.
 * "other" is the share of all CPUs taken by work outside this benchmark, i.e. how disturbed the run was.
 * Caveat: a process that ended during the run drops out of the sum (finished children of ours
 * then count as "other"), which errs toward calling a run disturbed.
 */
export function cpuShare(rootPids) {
  const start = { machine: machineTicks(), ours: treeTicks(rootPids), at: process.hrtime.bigint() };
  return () => {
    const seconds = Number(process.hrtime.bigint() - start.at) / 1e9;
    const capacity = seconds * os.availableParallelism() * TICKS_PER_SECOND;
    const busy = machineTicks().busy - start.machine.busy;
    const ours = treeTicks(rootPids) - start.ours;
    const pct = (v) => (100 * v) / capacity;
    return { ours: pct(ours), other: pct(Math.max(0, busy - ours)), idle: pct(Math.max(0, capacity - busy)) };
  };
}
