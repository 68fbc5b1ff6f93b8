import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

const dialect = new PgDialect();

/**
 * A hand-written statement run as a named prepared statement, for the statements every inbound
 * message runs: its SQL text is built once (values go in `sql.placeholder`s), and on PostgreSQL each
 * pool connection parses and plans it once instead of every time (PGlite runs it as a plain query).
 * Works on a transaction too. The text must declare every parameter's type (`::int`, `::text`),
 * since a named statement is planned before it sees values.
 */
export function preparedSql<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  let query: ReturnType<PgDialect['sqlToQuery']> | null = null;
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
