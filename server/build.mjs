// Bundles the server into dist/main.js: our TypeScript (and the contract package's) is compiled in,
// npm packages stay external and load from node_modules.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractEntry = path.resolve(here, '../packages/contract/src/index.ts');

rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
  plugins: [
    {
      name: 'contract-source',
      setup(b) {
        b.onResolve({ filter: /^@chatflow\/contract$/ }, () => ({ path: contractEntry }));
      },
    },
  ],
});
cpSync(path.join(here, 'src/db/migrations'), path.join(here, 'dist/migrations'), { recursive: true });
