import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

/** The committed SQL migrations; resolved from this file in source and from the bundle in dist. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, '../src/db/migrations')];
  return process.env.MIGRATIONS_DIR ?? candidates.find((p) => existsSyncSafe(p)) ?? candidates[0];
}

function existsSyncSafe(p: string) {
  return existsSync(path.join(p, 'meta', '_journal.json'));
}

export async function migrate(database: Database): Promise<void> {
  await database.db.execute('create extension if not exists pg_trgm');
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(database.db, { migrationsFolder: migrationsFolderPath });
  }
}
