// `npm run typecheck`: tsc --noEmit over each TypeScript project. tsc uses one core, so the projects
// run side by side, as many at once as the machine has cores (CI's two cores halve the step's time);
// each one's output is printed whole when it ends, so the logs of two never interleave.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The largest first, so the small ones fill in beside them.
const PROJECTS = ['server', 'web', 'e2e', 'packages/contract'];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      console.log(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'}`);
      if (output) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
const lane = async () => {
  while (queue.length > 0) results.push(await check(queue.shift()));
};
await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), PROJECTS.length) }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
