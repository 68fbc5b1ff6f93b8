import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, REPO_ROOT } from './server.mjs';

/** The production example's nginx site: the bench runs it, as the multi-node tests do (server/src/test/cluster/proxy.ts). */
const SITE = path.join(REPO_ROOT, 'deploy/nginx/chatflow.conf');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/**
 * nginx in front of `upstreams` (host:port), round robin, no stickiness, as a foreground child on a free
 * port with its pid, logs and temp files in `dir`. Resolves { url, stop } once it answers.
 */
export async function startNginx(upstreams, dir) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const nodes = upstreams.map((address) => `  server ${address} max_fails=1 fail_timeout=5s;`).join('\n');
  const site = readFileSync(SITE, 'utf8')
    .replace(/# nodes begin[\s\S]*?# nodes end/, `# nodes begin\n${nodes}\n  # nodes end`)
    .replace(/# listen begin[\s\S]*?# listen end/, `# listen begin\n  listen 127.0.0.1:${port} backlog=4096;\n  # listen end`);
  writeFileSync(path.join(dir, 'chatflow.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `  ${n}_temp_path ${path.join(dir, n)};`);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      // One worker per CPU, as in production ("auto").
      'worker_processes auto;',
      'worker_rlimit_nofile 65536;',
      process.getuid?.() === 0 ? 'user root;' : '',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 16384; }',
      'http {',
      '  access_log off;',
      ...temp,
      `  include ${path.join(dir, 'chatflow.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    const ok = await fetch(`${url}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('nginx did not answer');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
