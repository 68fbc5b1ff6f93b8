import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any('{1,2,3}'::int[])`: a list of ids as one array parameter rather than one parameter
 * each (searches pass thousands). PostgreSQL still sees the values when it plans the statement, so it
 * estimates the rows right and tests membership with a hash.
 */
export const inIds = (column: PgColumn, ids: readonly number[]): SQL => sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
