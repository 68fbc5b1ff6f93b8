import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, DbOrTx } from './client';

/**
 * A value per database handle, built on first use (a batched reader bound to its database, for one).
 * Handles are weakly held: tests open many databases in one process.
 */
export function perDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const cache = new WeakMap<Db, P>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

/** What a handle sends its queries through: a pool, a transaction's client, PGlite or its transaction. */
const sessionOf = (db: DbOrTx) => (db as unknown as { session: { client: unknown } }).session;

/**
 * A drizzle prepared query (`.prepare(name)`) for any database handle, transactions included.
 * Drizzle builds the SQL once instead of on every call (a CPU profile of GET /auth/me found a large
 * share of its time there: bench/results/code-figures.md), and node-postgres sends a named statement that PostgreSQL parses and plans once
 * per connection.
 *
 * Drizzle binds a prepared query to the connection of the handle it was built on, and every
 * transaction is a new handle: built there, the query was built again on every run (the automation
 * turn's read, on every customer message: bench/results/code-figures.md). So it is built once per
 * driver (node-postgres, PGlite) and each handle gets a copy aimed at its own connection, with the
 * first build's text, name and result mapping. prepared.test.ts holds a copy to its transaction.
 */
export function preparedStatement<P extends object>(build: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const builtPerDriver = new Map<unknown, P>();
  const perHandle = new WeakMap<DbOrTx, P>();
  return (db) => {
    let prepared = perHandle.get(db);
    if (prepared) return prepared;
    const session = sessionOf(db);
    const built = builtPerDriver.get(session.constructor);
    if (built) prepared = Object.assign(Object.create(Object.getPrototypeOf(built)) as P, built, { client: session.client });
    else {
      prepared = build(db);
      builtPerDriver.set(session.constructor, prepared);
    }
    perHandle.set(db, prepared);
    return prepared;
  };
}

const dialect = new PgDialect();

/** The driver object under a handle: drizzle's public `$client` (a pg.Pool in production, PGlite embedded). */
const clientOf = (db: Db) => (db as Db & { $client: pg.Pool | PGlite }).$client;
const isPglite = (client: pg.Pool | PGlite): client is PGlite => typeof (client as PGlite).exec === 'function';

/**
 * A hand-written statement (what the query builder cannot say: data-modifying CTEs) run as a named
 * prepared statement: its text is built once, values go in `sql.placeholder`s, and on PostgreSQL
 * each pool connection parses and plans it once (PGlite, one connection in process, runs it as an
 * extended-protocol query). The text must declare every parameter's type (`::int`, `::text`), since
 * a named statement is planned before it sees values. Rows come back as the driver parses them.
 */
export function preparedSql<Row extends Record<string, unknown>>(name: string, build: () => SQL) {
  let query: { sql: string; params: unknown[] } | null = null;
  return async (db: Db, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const params = fillPlaceholders(query.params, values);
    const client = clientOf(db);
    if (isPglite(client)) return (await client.query<Row>(query.sql, params)).rows;
    return (await client.query<Row>({ name, text: query.sql, values: params })).rows;
  };
}

/** Reads of one batch under way at once, at most: enough to overlap a round trip, few enough to batch. */
const READS_IN_FLIGHT = 2;

/**
 * Reads by key where many arrive at once (every inbound message reads its announcement once
 * committed): keys asked for while other reads are on their way are read together, in one
 * execution of `readMany` (which answers key by key, in the keys' order), when one of those returns. Under load a round trip serves several
 * callers, and a lone key is read at once. Each read still starts after its caller asked. Any keyed
 * call that costs less together coalesces the same way (the simulator writes its ack jobs with it).
 */
export function batchedReads<K, R>(
  readMany: (keys: K[]) => Promise<(R | undefined)[]>,
  { maxKeys = Number.POSITIVE_INFINITY }: { maxKeys?: number } = {},
): (key: K) => Promise<R | undefined> {
  let waiting: { key: K; done: (row: R | undefined) => void; fail: (err: unknown) => void }[] = [];
  let inFlight = 0;
  // More keys than one statement takes (`maxKeys`) are read in executions of at most that many, side by side.
  const readAll = async (keys: K[]) => {
    if (keys.length <= maxKeys) return readMany(keys);
    const parts = [];
    for (let i = 0; i < keys.length; i += maxKeys) parts.push(readMany(keys.slice(i, i + maxKeys)));
    return (await Promise.all(parts)).flat();
  };
  const next = () => {
    if (inFlight >= READS_IN_FLIGHT || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    inFlight++;
    readAll(batch.map((r) => r.key))
      .then(
        (rows) => {
          for (const [i, r] of batch.entries()) r.done(rows[i]);
        },
        (err) => {
          for (const r of batch) r.fail(err);
        },
      )
      .finally(() => {
        inFlight--;
        next();
      });
  };
  return (key) =>
    new Promise<R | undefined>((done, fail) => {
      waiting.push({ key, done, fail });
      next();
    });
}
