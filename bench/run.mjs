// `npm run bench`: runs each suite (its own script, its own results file in results/), then joins the
// results files into RESULTS.md. BENCH_ONLY=foundation,inbox runs only those suites; the others keep
// their last results file, so RESULTS.md always shows every suite with the date each one ran.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** In the order they run and appear in RESULTS.md. */
const SUITES = [
  { name: 'foundation', script: 'foundation/run.mjs', what: 'warm start, GET /auth/me under load, idle memory (issue 2)' },
  {
    name: 'idle',
    script: 'idle/run.mjs',
    what: 'a node with no traffic: CPU share and database statements over 60 s, PGlite and PostgreSQL (issue 34)',
  },
  {
    name: 'inbox',
    script: 'inbox/run.mjs',
    what: 'GET /tickets, searchOnMessages and GET /messages at 1M tickets / 5M messages on PostgreSQL (issue 3)',
  },
  {
    name: 'inbound',
    script: 'inbound/run.mjs',
    what: 'inbound messages through the simulator: throughput and latency to the agent socket (issue 3)',
  },
  {
    name: 'channels',
    script: 'channels/run.mjs',
    what: 'WhatsApp Cloud API signed webhook ingestion: throughput and latency to the agent socket (issue 13)',
  },
  {
    name: 'automation',
    script: 'automation/run.mjs',
    what: 'the chatbot: 1,000 customers walking a two-level menu, message to bot reply at the provider (issue 14)',
  },
  {
    name: 'kanban',
    script: 'kanban/run.mjs',
    what: 'the kanban board at 10,000 tickets: first paint, a card move reaching another agent (issue 16)',
  },
  {
    name: 'chats',
    script: 'chats/run.mjs',
    what: 'internal chat: a message to the other participant at 200 connected users, on PostgreSQL (issue 16)',
  },
  { name: 'schedules', script: 'schedules/run.mjs', what: '10,000 schedules due in the same minute, each sent within 60 s (issue 15)' },
  {
    name: 'automation-timers',
    script: 'automation/timers.mjs',
    what: 'the chatbot: 10,000 pending inactivity and expiry timers held as jobs, memory and firing delay (issue 14)',
  },
  {
    name: 'dashboard',
    script: 'dashboard/run.mjs',
    what: 'GET /dashboard for a month, report pages and the streamed report export on the inbox benchmark company (issue 17)',
  },
  {
    name: 'campaigns',
    script: 'campaigns/run.mjs',
    what: 'campaigns: preparing 100,000 contacts and dispatching through the simulator with intervals 0 (issue 15)',
  },
  {
    name: 'flows',
    script: 'flows/run.mjs',
    what: 'the flow runtime: 1,000 customers walking a five-step flow; 10,000 runs waiting in intervals, memory and resume lateness (issue 18)',
  },
  {
    name: 'hostile-uploads',
    script: 'hostile-uploads/run.mjs',
    what: 'GET /health/live while hostile sheets (xlsx bombs, huge CSV fields, many lines) are uploaded (issue 30)',
  },
  { name: 'web', script: 'web/run.mjs', what: 'the /tickets route: JavaScript size and scrolling 10,000 tickets (issue 3)' },
  {
    name: 'channels-whatsapp-web',
    script: 'channels/whatsapp-web.mjs',
    what: 'memory per idle WhatsApp Web session at 50 sessions, fake transport and Baileys socket (issue 13)',
  },
  {
    name: 'cluster-adapters',
    script: 'cluster-adapters/run.mjs',
    what: 'event fan-out across two nodes through the Redis streams and the PostgreSQL adapters, 200 clients (issue 20)',
  },
  {
    name: 'channels-takeover',
    script: 'channels/takeover.mjs',
    what: 'WhatsApp Web session takeover after the holding node is killed, over 5 kills, two nodes on PostgreSQL (issue 13)',
  },
  {
    name: 'billing',
    script: 'billing/run.mjs',
    what: 'the invoice job for 10,000 companies (<= 60 s, idempotent) and payment webhook to renewal event p99 (issue 19)',
  },
  {
    name: 'cluster',
    script: 'cluster/run.mjs',
    what: 'two nodes behind nginx: socket fan-out p99, memory per socket, inbound two nodes vs one (issue 20)',
  },
];

const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let failed = false;
for (const suite of SUITES) {
  if (only && !only.includes(suite.name)) continue;
  if (!existsSync(path.join(here, suite.script))) continue;
  console.log(`[bench] suite ${suite.name}: ${suite.what}`);
  const run = spawnSync(process.execPath, [path.join(here, suite.script)], { stdio: 'inherit', cwd: here });
  if (run.status !== 0) {
    console.error(`[bench] suite ${suite.name} failed (exit ${run.status})`);
    failed = true;
  }
}

const parts = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.mjs), which joins the results file of each suite (bench/results/). ' +
    'Do not edit by hand; re-run to refresh. Each suite records the machine and the date it ran on.',
  '',
];
for (const suite of SUITES) {
  const file = path.join(here, 'results', `${suite.name}.md`);
  parts.push(existsSync(file) ? readFileSync(file, 'utf8').trim() : `## ${suite.name}\n\nNot run yet.`, '');
}
// Written by hand, joined after the suites: the figures the server code's comments cite (issue 33).
for (const note of ['code-figures']) parts.push(readFileSync(path.join(here, 'results', `${note}.md`), 'utf8').trim(), '');
writeFileSync(path.join(here, 'RESULTS.md'), parts.join('\n'));
console.log('[bench] wrote bench/RESULTS.md');
if (failed) process.exitCode = 1;
