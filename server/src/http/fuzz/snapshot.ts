import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * A fingerprint of every table of the app's schema: its row count and a hash of all its rows, so an
 * insert, an update or a delete anywhere shows. Tables are read from the catalog at run time, so a
 * table added on another branch is covered without naming it here.
 */
export async function snapshotTables(db: Db, except: readonly string[]): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.rows.map((r) => r.name).filter((name) => !except.includes(name));
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from ${sql.identifier(name)} t`,
  );
  const rows = await db.execute<{ name: string; print: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.print]));
}

/** The tables whose fingerprint differs between two snapshots. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
