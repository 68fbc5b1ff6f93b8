// Regenerates the unreleased 0001_inbox migration from the schema files (development only, while 0001
// has not shipped). Removes 0001's SQL, snapshot and journal entry, then runs drizzle-kit generate.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');
rmSync(path.join(dir, '0001_inbox.sql'), { force: true });
rmSync(path.join(dir, 'meta/0001_snapshot.json'), { force: true });
const journalPath = path.join(dir, 'meta/_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
journal.entries = journal.entries.filter((e) => e.idx < 1);
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
execSync('npx drizzle-kit generate --name inbox', { cwd: path.resolve(dir, '../../..'), stdio: 'inherit' });
if (!existsSync(path.join(dir, '0001_inbox.sql'))) throw new Error('0001_inbox.sql was not generated');
