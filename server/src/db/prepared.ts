import type { Db } from './client';

/**
 * A prepared statement per database handle. Drizzle builds the SQL once instead of on every call (a
 * CPU profile of GET /auth/me put a fifth of its time there), and node-postgres sends a named
 * statement that PostgreSQL parses and plans once per connection. Handles are weakly held: tests open
 * many databases in one process.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
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
