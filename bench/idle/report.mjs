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
  lines.push(
    '"before" is the server as of issue 34: about 40 pg-boss queues each polled every 0.5 to 1 s. "after" wakes ' +
      "workers instead (server/src/jobs/wake-ups.ts, quiet.ts): pg-boss's LISTEN/NOTIFY for jobs stored ready, a " +
      "notification of the delay and a timer on every node for delayed jobs, and one read of every queue's next due " +
      'job every 60 s as the safety net. What an idle node still sends in a minute, on PostgreSQL (`BENCH_STATEMENT_TEXTS=1`): ' +
      "the minute sweeps (one cron job: its cron pass every 45 s, forward, fetch, three sweep statements, completion), pg-boss's " +
      "supervision and queue statistics (every 60 s), the realtime adapter's heartbeat NOTIFY (every 5 s, Socket.IO " +
      "cluster adapter, 12 a minute: the largest single item left) and its cleanup (every 30 s), the session keeper's " +
      "sweep (every 30 s when it has nothing to watch) and the two LISTEN connections' heartbeats (every 60 s). " +
      "PostgreSQL's own count of transactions is higher than the statements sent; the difference was not traced " +
      '(the pools closing idle connections and opening new ones are a likely source).',
    '',
  );
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
