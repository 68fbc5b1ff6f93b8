import { machineSection as machineTable } from './machine-section.mjs';
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
const pct = (v) => `${v.toFixed(0)}%`;
const int = (v) => Math.round(v).toLocaleString('en-US');
const verdict = (ok) => (ok ? '**pass**' : '**FAIL**');

function machineSection(lines, machine, postgresVersion) {
  machineTable(lines, machine, {
    postgres: `${postgresVersion} (local, loopback)`,
    shared:
      "The load generator (HTTP sender and the agent's socket) runs on the same machine as the server and " +
      'PostgreSQL and shares their CPUs: every figure below carries that cost.',
    busy: 'the figures below are lower bounds of what the server does on a quiet machine.',
  });
}

/** Rows of the wait table per run: the states that held the most backends. */
const WAIT_ROWS = 6;

/**
 * What the bench database's backends were doing (pg_stat_activity, sampled; see inbound-waits.mjs):
 * says whether a rate is held back by PostgreSQL's CPU, by a lock or an I/O wait inside it, or by
 * round trips to the server (a backend idle in a transaction waits for the server's next statement).
 */
function waitsSection(lines, runs) {
  const sampled = runs.filter(([, f]) => f.waits);
  if (sampled.length === 0) return;
  lines.push("### What the bench database's backends were doing", '');
  lines.push(
    '`pg_stat_activity` of the bench database sampled every 50 ms during each run: the average number of backends in ' +
      'each state, with the statement they ran (its first characters). "idle" backends wait for the server to send work; ' +
      '"on CPU" is an active backend with no wait event; `Client: ClientRead` in a transaction waits for the server\'s next ' +
      'statement; `Lock`, `LWLock` and `IO` waits queue inside PostgreSQL.',
    '',
  );
  lines.push('| run | backends busy / idle | busiest states (average backends: state, wait, statement) |', '|---|---|---|');
  for (const [name, f] of sampled) {
    const top = f.waits.states
      .slice(0, WAIT_ROWS)
      .map((w) => `${w.backends.toFixed(2)}: ${w.state}, ${w.wait}, \`${w.query.replace(/[|`]/g, ' ').trim()}\``)
      .join('<br>');
    lines.push(`| ${name} | ${f.waits.busyBackends.toFixed(2)} / ${f.waits.idleBackends.toFixed(2)} | ${top} |`);
  }
  lines.push('');
}

/** bench/results/inbound.md: machine, the two figures beside their targets, then each run in detail. */
export function renderInbound({
  machine,
  postgresVersion,
  targets,
  config,
  latency,
  replies,
  ladder,
  criteria,
  title = 'Inbound messages',
  script = 'bench/inbound/run.mjs',
  // How the suite sets up and sends (the channels suite sends signed webhooks); the simulator's by default.
  method = {},
}) {
  const lines = [];
  lines.push(`## ${title}: throughput and latency to the agent's socket (PostgreSQL)`, '');
  lines.push(`Written by \`npm run bench\` (${script}). Do not edit by hand; re-run to refresh.`, '');
  machineSection(lines, machine, postgresVersion);

  const passed = ladder.filter((f) => f.sustained);
  const best = passed.at(-1);
  const sustainedRate = best ? best.offeredRate : 0;
  lines.push('### Summary', '');
  lines.push('| figure | measured | target | result |', '|---|---|---|---|');
  lines.push(
    `| inbound messages sustained on one node (highest rate of the open-loop ladder sustained) | ${best ? `${int(best.offeredRate)} msg/s offered, ${int(best.throughput)} msg/s stored` : 'none of the rates tried'} ` +
      `| >= ${int(targets.throughput)} msg/s | ${verdict(sustainedRate >= targets.throughput)} |`,
  );
  lines.push(
    `| p99 from the customer's request to the agent's \`appMessage\` socket event, at ${targets.latencyRate} msg/s | ${ms(latency.socket.p99)} ` +
      `| <= ${targets.p99Ms} ms | ${verdict(latency.socket.p99 <= targets.p99Ms && latency.missed === 0 && latency.failed === 0)} |`,
  );
  if (replies) {
    const ok = replies.arrived === replies.sent && replies.duplicated === 0 && replies.provider.p99 <= targets.replyP99Ms;
    lines.push(
      `| p99 from an agent's reply (\`POST /messages/{ticketId}\`) to the provider, at ${targets.replyRate} replies/s, each once | ${ms(replies.provider.p99)} ` +
        `| <= ${targets.replyP99Ms} ms | ${verdict(ok)} |`,
    );
  }
  lines.push('');
  const cost = latency.cpuMs.server + latency.cpuMs.database + latency.cpuMs.generator;
  lines.push(
    `At ${targets.latencyRate} msg/s a stored message cost ${latency.cpuMs.server.toFixed(2)} ms of server CPU, ` +
      `${latency.cpuMs.database.toFixed(2)} ms in the bench database's PostgreSQL backends and ${latency.cpuMs.generator.toFixed(2)} ms in ` +
      `the load generator: ${cost.toFixed(2)} ms in all, so ${machine.nproc} CPUs carry at most about ` +
      `${int((Number(machine.nproc) * 1000) / cost)} msg/s of this traffic with the generator on the same machine.`,
    '',
  );

  lines.push(`### Throughput: open loop at increasing rates, ${config.stepSeconds} s each`, '');
  lines.push(
    `A rate counts as sustained when every message was stored (2xx) and reached the agent's socket, the stored rate ` +
      `was at least ${criteria.share * 100}% of the offered one, and the last answer came within ${criteria.drainMs / 1000} s of the ` +
      'last message being due (no backlog). The ladder stops after the first rate not sustained.',
    '',
  );
  lines.push(
    '| offered msg/s | stored msg/s | failed | new contacts | reached the socket | last answer after the end | HTTP p50 / p99 | socket p50 / p99 / max | sustained |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const f of ladder) {
    const failed = f.failed
      ? `${f.failed} (${Object.entries(f.statuses)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')})`
      : '0';
    lines.push(
      `| ${int(f.offeredRate)} | ${int(f.throughput)} | ${failed} | ${int(f.newContacts)} | ${int(f.heard)} of ${int(f.stored)} | ${ms(f.drainMs)} ` +
        `| ${ms(f.http.p50)} / ${ms(f.http.p99)} | ${ms(f.socket.p50)} / ${ms(f.socket.p99)} / ${ms(f.socket.max)} | ${f.sustained ? 'yes' : '**no**'} |`,
    );
  }
  lines.push('');

  lines.push(`### Latency at ${targets.latencyRate} msg/s, ${config.latencySeconds} s`, '');
  lines.push('| from when the message was due to | p50 | p95 | p99 | max | count |', '|---|---|---|---|---|---|');
  lines.push(
    `| the agent's \`appMessage\` socket event | ${ms(latency.socket.p50)} | ${ms(latency.socket.p95)} | ${ms(latency.socket.p99)} | ${ms(latency.socket.max)} | ${int(latency.socket.count)} |`,
  );
  lines.push(
    `| the HTTP answer | ${ms(latency.http.p50)} | ${ms(latency.http.p95)} | ${ms(latency.http.p99)} | ${ms(latency.http.max)} | ${int(latency.http.count)} |`,
  );
  lines.push(
    `| socket event, counted from the request's actual send instead | ${ms(latency.socketFromIssue.p50)} | ${ms(latency.socketFromIssue.p95)} | ${ms(latency.socketFromIssue.p99)} | ${ms(latency.socketFromIssue.max)} | |`,
  );
  lines.push('');
  lines.push(
    `Stored ${int(latency.stored)} of ${int(latency.sent)} (${int(latency.newContacts)} first messages of new numbers); ` +
      `${int(latency.heard)} reached the socket, ${int(latency.missed)} did not.`,
    '',
  );

  if (replies) {
    lines.push(`### Agents' replies at ${replies.rate} replies/s, ${replies.seconds} s`, '');
    lines.push(
      `The admin accepts ${replies.tickets} of the warm-up's tickets, then replies to them in turn, open loop. The provider is the ` +
        "simulator: a reply has reached it when its row is in `simulator_outbox` (PostgreSQL's clock, same machine). Each reply must " +
        'arrive exactly once.' +
        (replies.drainSeconds === undefined
          ? ''
          : ` They start once the server is idle again after the latency run (its backlog took ${replies.drainSeconds.toFixed(0)} s to clear), so they do not queue behind it.`),
      '',
    );
    lines.push('| from when the reply was due to | p50 | p95 | p99 | max | count |', '|---|---|---|---|---|---|');
    lines.push(
      `| the provider (simulator outbox row) | ${ms(replies.provider.p50)} | ${ms(replies.provider.p95)} | ${ms(replies.provider.p99)} | ${ms(replies.provider.max)} | ${int(replies.provider.count)} |`,
    );
    lines.push(
      `| the HTTP answer | ${ms(replies.http.p50)} | ${ms(replies.http.p95)} | ${ms(replies.http.p99)} | ${ms(replies.http.max)} | ${int(replies.http.count)} |`,
    );
    lines.push('');
    lines.push(
      `${int(replies.accepted)} of ${int(replies.sent)} replies accepted, ${int(replies.arrived)} reached the provider, ${int(replies.duplicated)} more than once.`,
      '',
    );
  }

  const runs = [[`paced ${targets.latencyRate} msg/s`, latency], ...ladder.map((f) => [`open loop ${int(f.offeredRate)} msg/s`, f])];
  lines.push('### Where the CPU went, and PostgreSQL work per message', '');
  lines.push(
    '100% = both CPUs for the whole run. "other" is work that is neither the server, PostgreSQL nor the load ' +
      'generator: disturbance from outside the benchmark. The PostgreSQL column counts the processes named `postgres` ' +
      '(every database of the local server). CPU ms per stored message: the server process, the backends connected to the ' +
      'bench database (from `pg_stat_activity` and `/proc`), and the load generator; these say what a message costs ' +
      'whatever else the machine ran, and the rate two CPUs can carry is about 2000 / their sum. Commits per message ' +
      'come from pg_stat_database of the bench database (each statement outside a transaction commits on its own; the ' +
      'Socket.IO PostgreSQL adapter sends events as `pg_notify`s, those published together in one transaction: ' +
      'server/src/realtime/notify-batcher.ts).',
    '',
  );
  lines.push(
    '| run | server | PostgreSQL | load generator | other | idle | CPU ms / msg: server, bench database, generator | commits / msg | rows inserted / msg | rows updated / msg | tries |',
  );
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const [name, f] of runs) {
    const perMessage = `${f.cpuMs.server.toFixed(2)}, ${f.cpuMs.database.toFixed(2)}, ${f.cpuMs.generator.toFixed(2)}`;
    lines.push(
      `| ${name} | ${pct(f.cpu.server)} | ${pct(f.cpu.postgres)} | ${pct(f.cpu.generator)} | ${pct(f.cpu.other)} | ${pct(f.cpu.idle)} ` +
        `| ${perMessage} | ${f.pg.commits.toFixed(1)} | ${f.pg.inserted.toFixed(1)} | ${f.pg.updated.toFixed(1)} | ${f.tries} |`,
    );
  }
  lines.push('');

  waitsSection(lines, runs);

  lines.push('### How it was measured', '');
  for (const n of [
    `The server is the built \`${config.serverEntry}\` on a fresh PostgreSQL database (dropped afterwards), on 127.0.0.1, ` +
      "with jobs on, LOG_LEVEL=warn and the Socket.IO PostgreSQL adapter it always uses on PostgreSQL; the app's pool has 20 connections.",
    method.setup ??
      'Set-up through the API: the seeded admin logs in, creates a simulator connection (`POST /whatsapp`, provider `simulator`), ' +
        'the script gives the company a history (bench/lib/history.mjs: contacts with closed tickets, their messages and automation state; then VACUUM ANALYZE) ' +
        'and connects a socket.io-client the way the web app does (namespace `/{companyId}`, access token, websocket; joins ' +
        "the notification room and the open and pending ticket lists). An admin is in every ticket's audience.",
    `Messages: ${method.messages ?? "`POST /simulator/{connectionId}/messages` with the connection's token"}, each with a unique body and id. ` +
      `${pct(config.newShare * 100)} are the first message of a new number (new contact and ticket), the rest come from a ` +
      'number that wrote before (its open ticket); numbers are picked by a seeded generator, so a number sometimes ' +
      `sends again while its previous message is still in flight. Up to ${config.connections} keep-alive connections.`,
    'Open loop: a message is due every 1/rate seconds whatever the server does; each latency is counted from the moment ' +
      'its message was due, so a stall is charged to every message it delays (no coordinated omission). The socket ' +
      "latency ends when the agent's socket receives the `company-{id}-appMessage` create whose message body matches.",
    'After the server answers, the bench waits until the database commits fewer than 50 transactions per second ' +
      '(pg-boss creates its queues and schedules at start), so the start-up work does not fall into a measured run. ' +
      `Then a warm-up (not reported): three bursts of ${config.warmupBurst} messages at once, which open the server's whole database pool (a new ` +
      'PostgreSQL connection loads its catalog caches and prepares its statements once), then ' +
      `${config.warmupRate} msg/s for ${config.warmupSeconds} s; it also checks that ` +
      `every message reaches the socket. A run disturbed by other work (more than 15% of the CPUs) is tried up to ${config.tries} ` +
      `times; the least disturbed try is kept. \`BENCH_ONLY=${method.suite ?? 'inbound'} npm run bench\` runs this suite alone (bench/README.md).`,
  ])
    lines.push(`- ${n}`);
  lines.push('');
  return lines.join('\n');
}
