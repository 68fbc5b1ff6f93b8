// Docs a newcomer can trust (issue 33): every repository path and every code name that docs/*.md cite in
// backticks must exist, so a rename that leaves the docs behind fails `npm test` (scripts/test.mjs runs
// this with `node --test`, next to the fence's proof). A path is found when some file or folder of the
// repository ends with it (`features/messages/announce.ts`, `server/src/test/`); a name written as a call
// (`playTurn(...)`, `t.jobs.drain()`) must be declared somewhere (function, const, class, type, method or
// an export list); any other camelCase or PascalCase name must at least occur in the code.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-test', '.git', '.tmp', 'data', 'screenshots', 'coverage', 'migrations']);
const CODE = /\.(ts|tsx|mjs|cjs|js)$/;

/** Every file and folder of the repository (relative, with `/`), and the code files' text. */
function walk() {
  const paths = [];
  const code = [];
  const visit = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name) && entry.name !== 'migrations') continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name === 'migrations') {
          paths.push(`${rel}/`);
          continue;
        }
        if (entry.name.startsWith('.')) continue;
        paths.push(`${rel}/`);
        visit(rel);
      } else {
        paths.push(rel);
        // This file names missing things on purpose; it is not the code they must exist in.
        if (rel === 'scripts/docs-cite.test.mjs') continue;
        if (CODE.test(entry.name) && statSync(path.join(root, rel)).size < 400_000) code.push(readFileSync(path.join(root, rel), 'utf8'));
      }
    }
  };
  visit('');
  return { paths, code: code.join('\n') };
}

const { paths, code } = walk();
const docs = readdirSync(path.join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

/**
 * The backticked spans of a markdown text outside fenced code blocks, with their line numbers; and, inside
 * ```ts and ```tsx examples, every function called by its own name (not a method: `x.insert()` is the library's).
 */
function spans(text) {
  const out = [];
  let fence = null;
  for (const [i, line] of text.split('\n').entries()) {
    const opening = /^\s*```(\w*)/.exec(line);
    if (opening) {
      fence = fence === null ? opening[1] : null;
      continue;
    }
    if (fence === null) for (const m of line.matchAll(/`([^`\n]+)`/g)) out.push({ span: m[1].trim(), line: i + 1 });
    else if (fence === 'ts' || fence === 'tsx') {
      const source = line.replace(/\/\/.*$/, '');
      for (const m of source.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:<[^()]*>)?\(/g))
        if (!KEYWORDS.has(m[1])) out.push({ span: `${m[1]}()`, line: i + 1 });
      // The object a method is called on must exist too (`queueEvents.updated()`).
      for (const m of source.matchAll(/(?<![\w$.)\]])([A-Za-z_$][\w$]*)\.[A-Za-z_$][\w$]*\s*\(/g))
        out.push({ span: m[1], line: i + 1, receiver: true });
    }
  }
  return out;
}

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'await', 'async', 'typeof', 'new']);

// Not `.js`: the code is TypeScript, and a `.js` the docs name is a build output (`main.js`).
const FILE_EXT = /\.(ts|tsx|mjs|cjs|json|md|yml|yaml|conf|service|sql)$/;
/** A repository path: no spaces, no placeholders, a folder (`x/`) or a file with an extension, not a URL or route. */
const isPath = (s) =>
  !/[\s<>{}*$?=]/.test(s) &&
  !s.startsWith('/') &&
  !s.includes('://') &&
  !s.startsWith('.') &&
  (s.endsWith('/') || FILE_EXT.test(s)) &&
  /^[\w@./-]+$/.test(s);

const pathExists = (cited) => {
  const want = cited.replace(/^\.\.\/shared\//, '');
  if (cited.startsWith('../')) return true; // outside the repository (the shared specification)
  return paths.some((p) => p === want || p.endsWith(`/${want}`));
};

/** `name(...)`, `a.b.name()`, `a.b`, `name`: the last identifier, and whether it was written as a call. */
function nameOf(s) {
  const m = /^(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)(\(.*\))?$/.exec(s);
  if (!m) return null;
  const name = m[1];
  if (m[2]) return { name, call: true };
  // Otherwise only code-shaped names: camelCase with an inner capital, or PascalCase with a lower-case letter.
  if (!/^[a-z][a-z0-9]*[A-Z]/.test(name) && !/^[A-Z][a-z0-9]+[A-Z]\w*$/.test(name)) return null;
  return { name, call: false };
}

const occurs = (name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(code);
const declared = (name) =>
  new RegExp(
    `(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${name}(?![\\w$])|[{;,]\\s*${name}\\??\\s*[(:<]|^\\s*(?:(?:public|private|protected|readonly|static|async|get|set)\\s+)*${name}\\s*[(<:=?]|export\\s*\\{[^}]*(?<![\\w$])${name}(?![\\w$])`,
    'm',
  ).test(code);

/** A library's function the code imports (`lazy`, `useInfiniteQuery`). */
const imported = (name) => new RegExp(`import\\s+(?:type\\s+)?\\{[^}]*(?<![\\w$])${name}(?![\\w$])[^}]*\\}\\s+from`).test(code);

for (const doc of docs) {
  test(`${doc}: every path and name it cites exists`, () => {
    const missing = [];
    for (const { span, line, receiver } of spans(readFileSync(path.join(root, doc), 'utf8'))) {
      if (receiver) {
        if (!occurs(span)) missing.push(`${doc}:${line} name \`${span}\``);
        continue;
      }
      if (isPath(span)) {
        if (!pathExists(span)) missing.push(`${doc}:${line} path \`${span}\``);
        continue;
      }
      const n = nameOf(span);
      if (!n) continue;
      if (n.call ? !declared(n.name) && !imported(n.name) : !occurs(n.name)) missing.push(`${doc}:${line} name \`${span}\``);
    }
    assert.deepEqual(missing, [], `cited but not found:\n${missing.join('\n')}`);
  });
}

test('the check finds what is missing (a renamed file, an undeclared function)', () => {
  assert.equal(pathExists('server/src/features/inbound/ingest.ts'), true);
  assert.equal(pathExists('server/src/features/inbound/no-such-file.ts'), false);
  assert.equal(declared('ingestCommonCase'), true);
  assert.equal(declared('ingestSomethingThatWasRenamed'), false);
  assert.deepEqual(nameOf('t.jobs.drain()'), { name: 'drain', call: true });
  assert.deepEqual(nameOf('tickets.ticketsForSend'), { name: 'ticketsForSend', call: false });
  assert.equal(nameOf('pending'), null);
  assert.equal(isPath('main.js'), false);
});
