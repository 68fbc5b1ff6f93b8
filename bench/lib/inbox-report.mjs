import { machineSection as machineTable } from './machine-section.mjs';
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
const verdict = (ok) => (ok ? '**pass**' : '**FAIL**');
const int = (v) => Number(v).toLocaleString('en-US');
/** A share of the machine; over a short case the tick counters are coarse, so it is kept within 0..100. */
const pct = (v) => `${Math.min(100, Math.max(0, v)).toFixed(0)}%`;

function machineSection(lines, { machine, postgres }) {
  machineTable(lines, machine, {
    postgres: `${postgres.version} (local, loopback; ${postgres.settings})`,
    shared: 'The load generator, the server and PostgreSQL share these CPUs.',
    busy: 'the figures below are worse than what the server does on a quiet machine.',
  });
}

function datasetSection(lines, { dataset, serverStart }) {
  lines.push('### Dataset', '');
  const how = dataset.reused
    ? `Reused the existing database \`${dataset.database}\` (made by generator ${dataset.version} on ${dataset.finished_at.toISOString()}; generating it took ${Number(dataset.seconds).toFixed(0)} s).`
    : `Generated for this run into \`${dataset.database}\` by generator ${dataset.version} in ${Number(dataset.seconds).toFixed(0)} s (bulk SQL; kept for the next runs).`;
  lines.push(how, '');
  if (Number(dataset.scale) !== 1)
    lines.push(
      `**Scale ${dataset.scale} (BENCH_INBOX_SCALE): the big company is smaller than the issue asks; the targets are about scale 1.**`,
      '',
    );
  lines.push('| company | users | queues | contacts | tickets | messages | tickets by status |', '|---|---|---|---|---|---|---|');
  for (const c of dataset.counts) {
    const statuses = Object.entries(c.statuses ?? {})
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${s} ${int(n)}`)
      .join(', ');
    lines.push(`| ${c.company} | ${c.users} | ${c.queues} | ${int(c.contacts)} | ${int(c.tickets)} | ${int(c.messages)} | ${statuses} |`);
  }
  lines.push('');
  lines.push(
    `Server start on this database (spawn to first 200 of GET /version): ${(serverStart.ms / 1000).toFixed(1)} s` +
      (serverStart.applied > 0
        ? `, including ${serverStart.applied} migration(s) applied to the existing data.`
        : ' (no migration pending).'),
    '',
  );
}

/** bench/results/inbox.md: the machine, the data, each target with its verdict, then every case. */
export function renderInboxResults({ machine, postgres, dataset, serverStart, groups, cases, targets, settings, method }) {
  const lines = [];
  lines.push('## Inbox at scale: GET /tickets, message search and GET /messages on 1,000,000 tickets', '');
  lines.push('Written by `npm run bench` (bench/inbox/run.mjs). Do not edit by hand; re-run to refresh.', '');
  machineSection(lines, { machine, postgres });
  datasetSection(lines, { dataset, serverStart });

  lines.push('### Summary', '');
  lines.push("Every request of the target's cases pooled together.", '');
  lines.push('| target | requests | p50 | p95 | p99 | target p95 | result |', '|---|---|---|---|---|---|---|');
  for (const [group, g] of Object.entries(groups)) {
    lines.push(
      `| ${targets[group].what} | ${g.requests} | ${ms(g.p50)} | ${ms(g.p95)} | ${ms(g.p99)} | <= ${targets[group].p95Ms} ms | ${verdict(g.p95 <= targets[group].p95Ms)} |`,
    );
  }
  lines.push('');

  lines.push('### Cases', '');
  lines.push(
    `${settings.requests} requests per case (randomised parameters, seed ${settings.seed}), ${settings.workers} at a time, after ${settings.warmup} unrecorded warm-up requests per case. ` +
      '"rows" is the mean number of tickets or messages per answer (for the counts case, the sum of the three badges). ' +
      '"buffers" is PostgreSQL\'s buffer accesses (shared hits and reads, from pg_stat_database) per request: the work of its queries, ' +
      'which other load on the machine does not change. "other CPU" is the share of the machine taken by work that is neither the server, ' +
      'PostgreSQL nor the load generator during the case.',
    '',
  );
  lines.push(
    '| case | p50 | p95 | p99 | max | rows | buffers | errors | other CPU | target p95 | result |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const c of cases) {
    const rows = c.rows.length ? (c.rows.reduce((a, b) => a + b, 0) / c.rows.length).toFixed(1) : 'n/a';
    const target = targets[c.group].p95Ms;
    lines.push(
      `| ${c.name} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.p99)} | ${ms(c.max)} | ${rows} | ${int(Math.round(c.buffersPerRequest))} | ${c.errors} | ` +
        `${pct(c.cpu.other)} | <= ${target} ms | ${verdict(c.p95 <= target && c.errors === 0)} |`,
    );
  }
  lines.push('');
  const failures = cases.flatMap((c) => c.failures.map((f) => `- ${c.name}: ${f}`));
  if (failures.length) lines.push('Failed requests (first ones of each case):', '', ...failures, '');

  lines.push('### How it was measured', '');
  for (const n of method) lines.push(`- ${n}`);
  lines.push('');
  return lines.join('\n');
}
