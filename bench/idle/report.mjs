// results/idle.md from every labelled run of bench/idle/run.mjs (results/idle-runs.json).

const pct = (v) => `${v.toFixed(2)}%`;
const rate = (v) => (v === null ? 'n/a' : v.toFixed(2));
const verdict = (ok) => (ok ? '**pass**' : '**FAIL**');

export function renderIdle(runs, { targets, idleSeconds }) {
  const lines = ['## Idle cost: CPU and database statements of a node with no traffic', ''];
  lines.push(
    'Written by `npm run bench` (bench/idle/run.mjs, `BENCH_ONLY=idle`). Do not edit by hand; re-run to refresh. ' +
      `The built server is started on a fresh database (PGlite, then PostgreSQL), migrated and seeded by a first start, ` +
      `started again and left alone: after a warm-up, ${idleSeconds} s are measured. CPU is the process's user + system ` +
      'time from /proc (PGlite runs inside it), as a share of one core. Statements are counted in the process ' +
      '(bench/idle/count-statements.mjs: every node-postgres query, every PGlite statement); on PostgreSQL the ' +
      "database's own count of transactions (pg_stat_database) and the CPU of the node's backends are shown beside " +
      'them. The floor is a bare `node` process idling over the same seconds: what the machine charges any idle process.',
    '',
  );
  lines.push(`Targets: <= ${targets.cpuPctOfCore}% of a core and <= ${targets.statementsPerSecond} statement per second on average.`, '');
  lines.push(
    '| run | database | server CPU (of one core) | floor: bare node | statements/s | PostgreSQL transactions/s | PostgreSQL backends CPU | load average (1 min) start / end | CPU target | statements target |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const [label, run] of Object.entries(runs)) {
    for (const r of run.results) {
      lines.push(
        `| ${label} (${run.machine.date.slice(0, 16).replace('T', ' ')} UTC) | ${r.database} | ${pct(r.serverCpuPct)} | ${pct(r.floorCpuPct)} | ` +
          `${rate(r.statementsPerSecond)} (${r.statements} in ${r.seconds.toFixed(0)} s) | ${rate(r.dbTransactionsPerSecond)} | ` +
          `${r.backendCpuPct === null ? 'n/a' : `${pct(r.backendCpuPct)} (${r.backends})`} | ${r.loadStart.toFixed(2)} / ${r.loadEnd.toFixed(2)} | ` +
          `${verdict(r.serverCpuPct <= targets.cpuPctOfCore)} | ${verdict(r.statementsPerSecond <= targets.statementsPerSecond)} |`,
      );
    }
  }
  lines.push('');
  const any = Object.values(runs)[0];
  if (any) {
    const m = any.machine;
    lines.push(
      `Machine: ${m.nproc} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, PostgreSQL ${any.postgres} (local, loopback), ${m.kernel}. ` +
        'The machine is shared with other work: the load average and the floor beside each figure say how busy it was.',
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}
