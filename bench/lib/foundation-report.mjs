import { machineSection } from './machine-section.mjs';

const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(2)} ms` : 'n/a');
const verdict = (ok) => (ok ? '**pass**' : '**FAIL**');

function loadRow(name, r, target) {
  return `| ${name} | ${Math.round(r.reqPerSec).toLocaleString('en-US')} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.non2xx + r.errors + r.timeouts} | ${verdict(r.p95 <= target)} |`;
}

/** RESULTS.md: machine first, then each figure beside its target, then what the figures mean. */
export function renderResults({ machine, postgresVersion, warm, load, rss, targets, notes }) {
  const lines = [];
  lines.push('## Foundation: start, GET /auth/me, idle memory', '');
  lines.push('Written by `npm run bench` (bench/foundation/run.mjs). Do not edit by hand; re-run to refresh.', '');
  machineSection(lines, machine, {
    postgres: `${postgresVersion} (local, loopback)`,
    shared: 'The load generator runs on the same machine as the server and shares its CPUs.',
    busy: 'the figures below are lower bounds of what the server does on a quiet machine.',
  });

  lines.push('### Summary', '');
  lines.push('| figure | measured | target | result |', '|---|---|---|---|');
  lines.push(
    `| warm start on PGlite, spawn to first 200 of GET /version (max of ${warm.runs.length}) | median ${ms(warm.median)}, max ${ms(warm.max)} | <= ${targets.warmStartMs} ms | ${verdict(warm.max <= targets.warmStartMs)} |`,
  );
  for (const [name, r] of load) {
    lines.push(
      `| GET /auth/me p95, PostgreSQL, ${name} | ${ms(r.p95)} at ${Math.round(r.reqPerSec)} req/s | <= ${targets.p95Ms} ms | ${verdict(r.p95 <= targets.p95Ms)} |`,
    );
  }
  for (const r of rss) {
    lines.push(
      `| idle RSS after ${r.idleSeconds} s, ${r.database} | ${r.mb.toFixed(0)} MB (${r.mib.toFixed(0)} MiB) | <= ${targets.rssMb} MB | ${verdict(r.mb <= targets.rssMb)} |`,
    );
  }
  lines.push('');

  lines.push('### Warm start (PGlite)', '');
  lines.push(`First start on an empty data directory (migrations and seed): ${ms(warm.firstMs)} (not a target; it happens once).`, '');
  lines.push('| run | spawn to first 200 of GET /version | CPU taken by other work meanwhile |', '|---|---|---|');
  for (const [i, v] of warm.runs.entries()) lines.push(`| ${i + 1} | ${ms(v)} | ${warm.disturbed[i].toFixed(0)}% |`);
  lines.push(`| median | ${ms(warm.median)} | |`, `| max | ${ms(warm.max)} | |`, '');

  lines.push('### GET /auth/me on PostgreSQL', '');
  lines.push('| run | req/s | p50 | p95 | p99 | max | errors + non-2xx | p95 <= ' + targets.p95Ms + ' ms |');
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of load) lines.push(loadRow(name, r, targets.p95Ms));
  lines.push('');
  lines.push(
    'Where the machine\'s CPU went during each run (100% = all CPUs for the whole run; "other" is work that is ' +
      'neither the server, PostgreSQL nor the load generator, i.e. disturbance from outside the benchmark):',
    '',
  );
  lines.push('| run | server | PostgreSQL (all databases) | load generator | other | idle |', '|---|---|---|---|---|---|');
  const pct = (v) => `${v.toFixed(0)}%`;
  for (const [name, r] of load) {
    lines.push(
      `| ${name} | ${pct(r.cpu.server)} | ${pct(r.cpu.postgres)} | ${pct(r.cpu.generator)} | ${pct(r.cpu.other)} | ${pct(r.cpu.idle)} |`,
    );
  }
  lines.push('');
  for (const n of notes.load) lines.push(n, '');

  lines.push('### Idle memory', '');
  lines.push('| database | VmRSS after idle | VmRSS after the load runs |', '|---|---|---|');
  for (const r of rss)
    lines.push(
      `| ${r.database} | ${r.mb.toFixed(1)} MB (${r.mib.toFixed(1)} MiB) | ${r.afterLoadMb ? `${r.afterLoadMb.toFixed(1)} MB` : 'n/a'} |`,
    );
  lines.push('');
  for (const n of notes.rss) lines.push(n, '');

  lines.push('### How it was measured', '');
  for (const n of notes.method) lines.push(`- ${n}`);
  lines.push('');
  return lines.join('\n');
}
