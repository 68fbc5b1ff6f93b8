import { type Column, getTableColumns, type InferSelectModel, SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** What a conflict on a unique index does: nothing (the row is left out of what comes back), or an update. */
export type OnConflict<T extends PgTable> =
  | { doNothing: true; target?: Column[] }
  | { target: Column[]; set: Partial<Record<keyof T['_']['columns'] & string, SQL>>; setWhere?: SQL };

export interface InsertRowsOptions<T extends PgTable, X extends Record<string, SQL>> {
  onConflict?: OnConflict<T>;
  /** Columns computed by the statement, returned beside the row as PostgreSQL gives them (e.g. `(xmax = 0)`). */
  extra?: X;
  /** False: nothing is read back (the answer is empty), for rows nobody reads again (logs). */
  returning?: boolean;
}

type Returned<T extends PgTable, X extends Record<string, SQL>> = InferSelectModel<T> & {
  [K in keyof X]: X[K] extends SQL<infer V> ? V : unknown;
};

/** An array parameter's element type: a serial column holds plain integers. */
const elementType = (column: Column) => {
  const type = column.getSQLType();
  return type === 'serial' ? 'integer' : type === 'bigserial' ? 'bigint' : type;
};

/**
 * Many rows into one table, in one statement whose size does not grow with the rows: each column goes
 * as one array parameter and `unnest` lays them side by side (`insert into t (a, b) select * from
 * unnest($1::int[], $2::text[])`). Drizzle's multi-row insert writes one parameter per value and builds
 * the statement value by value: for a campaign step's 500 messages, tickets, contacts and logs that
 * building was a large share of the server's CPU (bench/results/code-figures.md). Rows come back as drizzle's
 * `returning()` gives them, in the order PostgreSQL inserted them (the values' order).
 *
 * Every row must set the same columns (a column left out takes its default only through drizzle's
 * insert, one value at a time): rows that differ, values written as SQL, or array-typed columns go
 * through drizzle's insert instead, with the same answer.
 */
export async function insertRows<T extends PgTable, X extends Record<string, SQL> = Record<never, SQL>>(
  db: DbOrTx,
  table: T,
  rows: PgInsertValue<T>[],
  options: InsertRowsOptions<T, X> = {},
): Promise<Returned<T, X>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(rows[0]).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined && k in columns);
  if (!sameColumns(rows, keys, columns)) return drizzleInsert(db, table, rows, options);

  const arrays = keys.map((key) => {
    const column = columns[key];
    return sql`${sql.param(rows.map((r) => toDriver(column, (r as Record<string, unknown>)[key])))}::${sql.raw(elementType(column))}[]`;
  });
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k].name)),
    sql`, `,
  );
  const extra = Object.entries(options.extra ?? {}).map(([name, value]) => sql`, ${value} as ${sql.identifier(name)}`);
  const result = await db.execute<Record<string, unknown>>(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${conflictClause(options.onConflict, columns)}
      ${options.returning === false ? sql`` : sql`returning *${sql.join(extra)}`}`,
  );
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(columns)) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    for (const name of Object.keys(options.extra ?? {})) row[name] = raw[name];
    return row as Returned<T, X>;
  });
}

const toDriver = (column: Column, value: unknown) => (value === null ? null : column.mapToDriverValue(value));

/** Whether every row sets exactly `keys`, each to a plain value, none of an array-typed column. */
function sameColumns(rows: object[], keys: string[], columns: Record<string, Column>): boolean {
  if (keys.some((k) => columns[k].getSQLType().endsWith(']'))) return false;
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    let set = 0;
    for (const k of Object.keys(values)) if (values[k] !== undefined && k in columns) set++;
    if (set !== keys.length) return false;
    for (const k of keys) if (values[k] === undefined || values[k] instanceof SQL) return false;
  }
  return true;
}

function conflictClause<T extends PgTable>(conflict: OnConflict<T> | undefined, columns: Record<string, Column>): SQL {
  if (!conflict) return sql``;
  const target = conflict.target?.length
    ? sql` (${sql.join(
        conflict.target.map((c) => sql.identifier(c.name)),
        sql`, `,
      )})`
    : sql``;
  if ('doNothing' in conflict) return sql` on conflict${target} do nothing`;
  const set = sql.join(
    Object.entries(conflict.set).map(([key, value]) => sql`${sql.identifier(columns[key].name)} = ${value as SQL}`),
    sql`, `,
  );
  return sql` on conflict${target} do update set ${set}${conflict.setWhere ? sql` where ${conflict.setWhere}` : sql``}`;
}

/** The same insert through drizzle's builder, for rows insertRows cannot lay out as arrays. */
async function drizzleInsert<T extends PgTable, X extends Record<string, SQL>>(
  db: DbOrTx,
  table: T,
  rows: PgInsertValue<T>[],
  options: InsertRowsOptions<T, X>,
): Promise<Returned<T, X>[]> {
  const insert = db.insert(table).values(rows as never);
  const conflict = options.onConflict;
  const withConflict = !conflict
    ? insert
    : 'doNothing' in conflict
      ? insert.onConflictDoNothing(conflict.target?.length ? { target: conflict.target as never } : {})
      : insert.onConflictDoUpdate({ target: conflict.target as never, set: conflict.set as never, setWhere: conflict.setWhere });
  if (options.returning === false) {
    await withConflict;
    return [];
  }
  return (await withConflict.returning({ ...getTableColumns(table), ...(options.extra ?? {}) } as never)) as Returned<T, X>[];
}
