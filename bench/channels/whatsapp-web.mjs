// Suite channels-whatsapp-web: memory per idle WhatsApp Web session at 50 sessions (issue 13), written
// to results/channels-whatsapp-web.md. The measuring script is TypeScript (it builds the server's
// provider and Baileys' socket directly), run with the server's tsx.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(here, '../../server');
const SESSIONS = 50;
const TARGET_MB = 15;

const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(here, 'idle-sessions.ts'), String(SESSIONS)], {
  cwd: server,
  encoding: 'utf8',
});
if (run.status !== 0) {
  console.error(run.stderr);
  process.exit(1);
}
const lines = run.stdout.trim().split('\n');
console.log(lines.join('\n'));
const perSession = [...run.stdout.matchAll(/per session: heap ([\d.]+) MB, rss ([\d.]+) MB/g)].map((m) => ({
  heap: Number(m[1]),
  rss: Number(m[2]),
}));
const verdict = (x) => (Math.max(x.heap, x.rss) <= TARGET_MB ? 'PASS' : '**FAIL**');
const [fake, real] = perSession;
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
writeFileSync(
  path.join(here, '../results/channels-whatsapp-web.md'),
  `## Channels: memory per idle WhatsApp Web session (issue 13)

Ran on ${new Date().toISOString().slice(0, 10)} (${os.cpus().length} vCPU, ${cpu}, Node ${process.version}), PGlite, ${SESSIONS} sessions. Target: at most ${TARGET_MB} MB per idle session.

| what | heap per session | RSS per session | target |
| --- | --- | --- | --- |
| the provider (BaileysProvider) over the fake transport, paired and CONNECTED | ${fake.heap} MB | ${fake.rss} MB | ${verdict(fake)} |
| Baileys' own socket (makeWASocket as the product configures it) on a silent local WebSocket server | ${real.heap} MB | ${real.rss} MB | ${verdict(real)} |

### How it was measured

- \`bench/channels/idle-sessions.ts\`: growth of heapUsed and RSS (after forced GCs) from before the first session to after the last, divided by ${SESSIONS}.
- The fake transport is the one the server's tests drive the provider with (server/src/test/whatsapp-web.ts): the figure is the provider's own state (caches, handlers, login store) without Baileys' socket.
- The real-socket row builds Baileys' socket with the login store in the database and points it at a local WebSocket server that accepts and says nothing: the signal store, caches, event buffer and websocket a session holds before WhatsApp answers. A session logged into a real account also holds its app-state and history buffers, which no test without the network can fill; Baileys' WebAssembly bridge is loaded once per process and is not in the per-session figure.

Output:

\`\`\`
${lines.join('\n')}
\`\`\`
`,
);
