// `npm start`: installs what is missing, builds what is stale, then serves the whole product on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

/** Newest modification time under a folder (skipping node_modules and dist). */
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return max;
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) run('npm', ['install', '--no-audit', '--no-fund']);

const contract = newest(path.join(root, 'packages/contract/src'));
const webIndex = path.join(root, 'web/dist/index.html');
if (builtAt(webIndex) < Math.max(contract, newest(path.join(root, 'web/src')), statSync(path.join(root, 'web/index.html')).mtimeMs)) {
  run('npm', ['run', 'build', '-w', '@chatflow/web']);
}
const serverMain = path.join(root, 'server/dist/main.js');
if (builtAt(serverMain) < Math.max(contract, newest(path.join(root, 'server/src')))) {
  run('npm', ['run', 'build', '-w', '@chatflow/server']);
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, serverMain], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
