import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
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

/** Any fixed key: nodes migrating the same database take turns on it. */
const MIGRATION_LOCK = 4242000;

export async function migrate(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await database.db.execute('create extension if not exists pg_trgm');
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
    return;
  }
  // Nodes starting together on a fresh database would each create the extension and drizzle's
  // journal table, and "if not exists" does not guard concurrent creates (the loser fails on
  // pg_type's unique index). One connection takes a session lock and migrates; a node that waited
  // finds everything applied.
  const holder = await database.pool!.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await holder.query('create extension if not exists pg_trgm');
    await migratePg(drizzle(holder), { migrationsFolder: migrationsFolderPath });
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    holder.release();
  }
}
