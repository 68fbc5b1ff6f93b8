// Preloaded into the measured server (`node --import`) by bench/idle/run.mjs: counts the database
// statements the process sends, on both drivers, and writes the count to BENCH_STATEMENT_FILE when
// the process gets SIGUSR2. node-postgres: every Client#query (the pools of the app and of pg-boss,
// and pg-boss's LISTEN connection). PGlite: every statement it runs (query and exec both go through
// _runExclusiveQuery, inside and outside transactions). Counting costs a few additions per statement.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(repo, 'server/package.json'));
const counts = { statements: 0, byKind: {} };
/** BENCH_STATEMENT_TEXTS=1: also counts by the statement's first words (to find who sends them). */
const byText = process.env.BENCH_STATEMENT_TEXTS === '1' ? {} : null;
const count = (kind, text) => {
  counts.statements++;
  counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
  if (byText) {
    const key = String(typeof text === 'object' ? text?.text : text)
      .replace(/\s+/g, ' ')
      .slice(0, 120);
    byText[key] = (byText[key] ?? 0) + 1;
  }
};

const pg = require('pg');
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  count('pg', args[0]);
  return clientQuery.apply(this, args);
};

// The ESM entry the server imports (the same module instance, so the same class).
const { PGlite } = await import(pathToFileURL(require.resolve('@electric-sql/pglite')).href.replace(/index\.cjs$/, 'index.js'));
const exclusive = PGlite.prototype._runExclusiveQuery;
PGlite.prototype._runExclusiveQuery = function (...args) {
  count('pglite', 'PGlite statement');
  return exclusive.apply(this, args);
};

// With BENCH_STATEMENT_TEXTS=1, PGlite's top-level statements are also named and timed (ms in total).
if (byText) {
  for (const method of ['query', 'exec']) {
    const original = PGlite.prototype[method];
    PGlite.prototype[method] = async function (text, ...rest) {
      const started = performance.now();
      try {
        return await original.call(this, text, ...rest);
      } finally {
        const key = `${Math.round(performance.now() - started)} ms ${String(text).replace(/\s+/g, ' ').slice(0, 100)}`;
        byText[key] = (byText[key] ?? 0) + 1;
      }
    };
  }
}

process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_STATEMENT_FILE, JSON.stringify({ ...counts, byText, at: Date.now() }));
});
