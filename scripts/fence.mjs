// The fence around features, run by `npm test` (`npm run fence`): dependency-cruiser's rules
// (.dependency-cruiser.cjs: a feature is reached only through its index.ts, infrastructure and the web's
// lib/components import no feature, no module cycles), plus two checks dependency-cruiser cannot express:
// no two features import each other, whichever modules the imports go through; and the outbound fence
// (outbound-fence.mjs): no feature reaches the network but through the outbound guard.
// `node scripts/fence.mjs [roots...]` prints every breach and exits 1 when there is one.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outboundBreaches } from './outbound-fence.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs dependency-cruiser over `roots` and answers its rule breaches and the feature-level cycles. */
export function checkFence(roots = ['server/src', 'web/src']) {
  const bin = path.join(root, 'node_modules/.bin/depcruise');
  const r = spawnSync(bin, [...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (!r.stdout) throw new Error(`dependency-cruiser did not run: ${r.stderr}`);
  const result = JSON.parse(r.stdout);
  const breaches = result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  return [...breaches, ...featureCycles(result.modules), ...outboundBreaches(roots, root)];
}

/** `<side>/src/features/<name>/...` -> `<side>:<name>`; null outside a feature folder. */
function featureOf(file) {
  const m = file.match(/^(.*)\/src\/features\/([^/]+)\//);
  return m ? `${m[1]}:${m[2]}` : null;
}

/** Strongly connected groups of features (Tarjan) with more than one member: features that import each other. */
function featureCycles(modules) {
  const edges = new Map();
  for (const m of modules) {
    const from = featureOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = featureOf(d.resolved);
      if (to && to !== from) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
    }
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return groups.map((g) => ({ rule: 'no-feature-level-cycles', from: g.join(' <-> '), to: '' }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const roots = process.argv.slice(2);
  const breaches = checkFence(roots.length ? roots : undefined);
  for (const b of breaches) console.log(`fence: ${b.rule}: ${b.from}${b.to ? ` -> ${b.to}` : ''}`);
  console.log(breaches.length ? `fence: ${breaches.length} breaches` : 'fence: no breach');
  process.exit(breaches.length ? 1 : 0);
}
