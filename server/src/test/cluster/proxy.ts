import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, untilUpOrExited } from './wait';

/** The production example's nginx site (README "Running in production"): the tests run this very file. */
export const NGINX_SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx/chatflow.conf');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface ReverseProxy {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The site with these upstream addresses and this listening port in place of the example's. */
export function siteFor(upstreams: string[], port: number): string {
  const site = readFileSync(NGINX_SITE, 'utf8');
  const nodes = upstreams.map((address) => `  server ${address} max_fails=1 fail_timeout=5s;`).join('\n');
  return site
    .replace(/# nodes begin[\s\S]*?# nodes end/, `# nodes begin\n${nodes}\n  # nodes end`)
    .replace(/# listen begin[\s\S]*?# listen end/, `# listen begin\n  listen 127.0.0.1:${port};\n  # listen end`);
}

/**
 * nginx in front of the nodes, round robin with no stickiness, run as a foreground child process on
 * a free port: pid, logs and temp files go to `workDir`, nothing to the system's paths, so it needs
 * no root and leaves nothing behind.
 */
export async function startProxy(upstreams: string[], workDir: string): Promise<ReverseProxy> {
  const dir = path.join(workDir, 'nginx');
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  writeFileSync(path.join(dir, 'chatflow.conf'), siteFor(upstreams, port));
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      // As root the workers would drop to `nobody`, who cannot write this private folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 8192; }',
      'http {',
      `  access_log ${path.join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${path.join(dir, 'chatflow.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  // A missing binary fails the spawn with an 'error' event: kept as the reason, not thrown at the process.
  child.once('error', (err) => {
    stderr += String(err);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const outcome = await untilUpOrExited(`nginx answers on ${url}`, child, async () => (await fetch(`${url}/health/live`)).ok, 20_000);
  if (outcome === 'exited') {
    // An nginx that fails before opening its error log says why on stderr only.
    const errorLog = path.join(dir, 'error.log');
    throw new Error(
      `nginx exited (${child.exitCode ?? child.signalCode}): ${stderr} ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`,
    );
  }
  return {
    url,
    port,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
