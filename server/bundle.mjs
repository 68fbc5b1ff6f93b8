// Bundles the server (src/main.ts) into `<outDir>/main.js`: our TypeScript (and the contract package's) is
// compiled in, npm packages stay external and load from node_modules; the SQL migrations are copied beside it.
// Used by `npm run build` (dist/) and by the test suite's global setup (dist-test/, for the tests that start
// the server as its own process: a bundle starts in a second where tsx transpiles every file first).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractEntry = path.resolve(here, '../packages/contract/src/index.ts');

/** Writes `<outDir>/main.js` and `<outDir>/sheet-worker.js` (with their source maps) and `<outDir>/migrations`; answers the entry's path. */
export async function bundleServer(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  const outfile = path.join(outDir, 'main.js');
  await build({
    // The sheet reader's worker is a file of its own: worker threads load it by path, beside main.js.
    entryPoints: { main: path.join(here, 'src/main.ts'), 'sheet-worker': path.join(here, 'src/features/contacts/import/sheet-worker.ts') },
    outdir: outDir,
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
  cpSync(path.join(here, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outfile;
}
