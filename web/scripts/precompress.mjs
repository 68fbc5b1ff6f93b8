// After `vite build`: a gzip and a brotli copy beside each text asset, made once at build time at the
// highest levels, so the server sends them as they are (@fastify/static preCompressed) instead of
// compressing on every request or not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/assets');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|html|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(assets)) {
  const file = path.join(assets, name);
  if (!COMPRESSIBLE.test(name) || name.endsWith('.map') || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, br);
  files++;
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`);
