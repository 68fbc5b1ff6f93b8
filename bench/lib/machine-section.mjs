/**
 * The "Machine" part of every results file: what ran the suite, when, and how busy the machine was.
 * `postgres` is the PostgreSQL row's text, `extraRows` more [label, value] rows after it, `shared` says
 * what shares the CPUs, `busy` what a busy machine does to the figures.
 */
export function machineSection(lines, machine, { postgres, extraRows = [], shared, busy }) {
  lines.push('### Machine', '');
  lines.push('| | |', '|---|---|');
  lines.push(`| CPUs (\`nproc\`) | ${machine.nproc} |`);
  lines.push(`| CPU model | ${machine.cpuModel} |`);
  lines.push(`| memory | ${machine.memoryGiB} GiB |`);
  lines.push(`| Node | ${machine.node} |`);
  lines.push(`| PostgreSQL | ${postgres} |`);
  for (const [label, value] of extraRows) lines.push(`| ${label} | ${value} |`);
  lines.push(`| kernel | ${machine.kernel} |`);
  lines.push(`| date | ${machine.date} |`);
  lines.push(
    `| load average (1 min) at start / end (the end includes the suite's own work) | ${machine.load.before.toFixed(2)} / ${machine.load.after.toFixed(2)} |`,
    '',
  );
  lines.push(shared, '');
  // Judged at the start only: by the end the one-minute average holds the suite's own load. Work
  // from outside during the runs shows in each suite's "other" CPU share instead.
  if (machine.load.before > machine.load.quietBelow) {
    lines.push(
      `**Warning: the machine was busy with other work during this run (load average above ${machine.load.quietBelow}); ${busy} Re-run when it is idle.**`,
      '',
    );
  }
}
