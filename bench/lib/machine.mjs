import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** What the figures were measured on: they mean little without it. */
export function describeMachine() {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  let nproc = String(os.availableParallelism());
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // nproc missing: Node's own count is the same figure
  }
  return {
    nproc,
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    cpuModel: model,
    node: process.version,
    date: new Date().toISOString(),
    kernel: `${os.type()} ${os.release()}`,
  };
}
