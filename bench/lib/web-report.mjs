import { machineSection as machineTable } from './machine-section.mjs';
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
const int = (v) => Math.round(v).toLocaleString('en-US');
const verdict = (ok) => (ok ? '**pass**' : '**FAIL**');

function machineSection(lines, { machine, postgresVersion, chromium }) {
  machineTable(lines, machine, {
    postgres: `${postgresVersion} (local, loopback)`,
    extraRows: [
      ['browser', `Chromium ${chromium.version}, headless, \`${chromium.args.join(' ')}\``],
      ['rendering', 'software: no GPU (`--disable-gpu`), raster on the CPU threads of the renderer'],
      ['viewport', `${chromium.viewport.width} x ${chromium.viewport.height}, device scale 1`],
    ],
    shared: 'The server, PostgreSQL and Chromium share these CPUs.',
    busy: 'frame times are then longer than the page alone would make them (see "other work" per run).',
  });
}

function scrollRow(run, targets) {
  const f = run.summary;
  return (
    `| ${run.name} | ${int(f.frames)} in ${f.seconds.toFixed(1)} s (${f.fps.toFixed(1)} fps) | ${int(f.dropped)} (${f.droppedPct.toFixed(1)}%) | ` +
    `${ms(f.longest)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.longTasks} (${int(f.longTaskMs)} ms, longest ${int(f.longestTask)} ms) | ` +
    `${verdict(f.dropped <= targets.droppedFrames)} |`
  );
}

/** bench/results/web.md: machine, the figures beside their targets, then the detail behind each. */
export function renderWebResults({
  machine,
  postgresVersion,
  chromium,
  weight,
  weightEnglish,
  seed,
  load,
  scrolls,
  references,
  intervalMs,
  targets,
  notes,
}) {
  const lines = [];
  lines.push('## Web: the /tickets route', '');
  lines.push(
    'Written by `npm run bench` (bench/web/run.mjs; `BENCH_ONLY=web npm run bench` runs it alone). Do not edit by hand; re-run to refresh.',
    '',
  );
  machineSection(lines, { machine, postgresVersion, chromium });

  lines.push('### Summary', '');
  lines.push('| figure | measured | target | result |', '|---|---|---|---|');
  lines.push(
    `| JavaScript downloaded to open /tickets logged in (gzipped, ${weight.files.length} files) | ${kb(weight.totalGzip)} (${int(weight.totalGzip)} bytes) | <= ${targets.routeKb} KB | ${verdict(weight.totalGzip <= targets.routeKb * 1024)} |`,
  );
  for (const run of scrolls) {
    lines.push(
      `| dropped frames, ${run.name}, ${int(load.loaded)} tickets | ${int(run.summary.dropped)} of ${int(run.summary.frames)} ` +
        `(longest frame ${ms(run.summary.longest)}; other work took ${run.cpu.other.toFixed(0)}% of the CPUs meanwhile) | ${targets.droppedFrames} | ${verdict(run.summary.dropped <= targets.droppedFrames)} |`,
    );
  }
  for (const reference of references) {
    lines.push(
      `| dropped frames, ${reference.name} without the app (the machine's floor, below) | ${int(reference.summary.dropped)} of ` +
        `${int(reference.summary.frames)} (longest frame ${ms(reference.summary.longest)}) | none | reference |`,
    );
  }
  lines.push('');

  lines.push('### JavaScript of /tickets', '');
  lines.push(
    `A logged-in agent opens /tickets with an empty cache; every JavaScript response until the list shows and the network is idle. ` +
      `KB = 1,024 bytes. Gzipped size: ${weight.methods.join('; ')}. The last column is what Chromium transferred with its own ` +
      `Accept-Encoding (${weight.browserEncodings.join(', ')}): ${kb(weight.browserTotal)} in all. The list showed ${int(weight.listMs)} ms after the navigation started.`,
    '',
  );
  lines.push('| file | bytes | gzipped | before the list showed | as Chromium downloads it |', '|---|---|---|---|---|');
  for (const f of weight.files) {
    const browser = f.browser ? `${int(f.browser.bytes)} (${f.browser.encoding})` : 'n/a';
    lines.push(`| \`${f.file}\` | ${int(f.bytes)} | ${int(f.gzip)} | ${f.beforeList ? 'yes' : 'no'} | ${browser} |`);
  }
  lines.push(
    `| **total** | ${int(weight.totalBytes)} | **${int(weight.totalGzip)} (${kb(weight.totalGzip)})** | ${kb(weight.beforeListGzip)} | ${int(weight.browserTotal)} (${kb(weight.browserTotal)}) |`,
    '',
  );
  const extra = weightEnglish.files.filter((f) => !weight.files.some((p) => p.file === f.file));
  lines.push(
    `With English chosen (the choice remembered from an earlier visit) the same navigation downloads ${kb(weightEnglish.totalGzip)}: ` +
      `the Portuguese texts (the fallback) stay in the app and the English ones come as one more file (${extra.map((f) => `\`${f.file}\` ${kb(f.gzip)}`).join(', ') || 'none'}). ` +
      'Spanish loads the same way; neither is downloaded by a Portuguese user.',
    '',
  );

  lines.push(`### Scrolling ${int(load.loaded)} tickets`, '');
  lines.push(
    `Data: ${int(seed.tickets)} open tickets of one agent (profile "user"), each with its own contact, in one queue and one connection; ` +
      'a quarter with unread messages, a third with two tags. All loaded into the list first (below), then scrolled from the top to the end and back. ' +
      `Refresh interval measured on the idle page: ${ms(intervalMs)}; a frame is dropped when it lasts more than 1.5 intervals (${ms(1.5 * intervalMs)}).`,
    '',
  );
  lines.push(
    '| run | frames | dropped | longest | p95 | p99 | long tasks (> 50 ms) | no dropped frame |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const run of scrolls) lines.push(scrollRow(run, targets));
  for (const reference of references)
    lines.push(scrollRow(reference, targets).replace(/\| \*\*(pass|FAIL)\*\* \|$/, '| reference, no target |'));
  lines.push('');
  lines.push(
    `The reference page is the machine's floor for the wheel run: the same gesture over a page without the app, a scroller of the list's box and ` +
      `height (${int(references[0].distance)} px travelled) whose only script moves one row-sized element to follow the scroll on every frame, as any virtualized ` +
      "list must. What it drops, the software compositing and raster on these CPUs dropped; the list's own share is the difference.",
    '',
  );
  lines.push(
    "Work behind those frames (Chromium's counters for the run; CPU time does not grow when other programs delay the page, wall time does), " +
      "and the share of the machine's CPUs taken meanwhile by work outside this benchmark:",
    '',
  );
  lines.push(
    '| run | distance | main-thread CPU per frame | renderer CPU per frame | script / layout / style per frame | other work on the machine | kept try / tries |',
    '|---|---|---|---|---|---|---|',
  );
  for (const run of scrolls) {
    const w = run.work;
    const n = Math.max(1, run.summary.frames);
    lines.push(
      `| ${run.name} | ${int(run.distance)} px | ${ms(w.mainThreadCpuMs / n)} | ${ms(w.rendererCpuMs / n)} | ` +
        `${ms(w.scriptMs / n)} / ${ms(w.layoutMs / n)} / ${ms(w.styleMs / n)} | ${run.cpu.other.toFixed(0)}% | ${run.keptTry} / ${run.tries} |`,
    );
  }
  lines.push('');

  lines.push(`### Loading ${int(load.loaded)} tickets into the list`, '');
  lines.push(
    `The list was scrolled to its end until the infinite scroll had fetched every page: ${int(load.loaded)} rows in ${load.seconds.toFixed(1)} s ` +
      `(${load.hasMore ? '**the server still had more**' : 'the server said there were no more'}). Not a target; frames while pages arrive: ` +
      `${int(load.summary.frames)}, dropped ${int(load.summary.dropped)}, longest ${ms(load.summary.longest)}, long tasks ${load.summary.longTasks} (${int(load.summary.longTaskMs)} ms).`,
    '',
  );

  lines.push('### How it was measured', '');
  for (const n of notes) lines.push(`- ${n}`);
  lines.push('');
  return lines.join('\n');
}
