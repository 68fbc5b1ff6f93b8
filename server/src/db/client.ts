import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import v8 from 'node:v8';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';

/**
 * One Drizzle type for both drivers: the query builder is the same, only the driver object differs
 * (ARCHITECTURE "Runtime modes"). Drizzle is opened without the schema: its relational API
 * (`db.query.*`) is not used, and with a schema every transaction built a relational query builder
 * per table (a share of the server's CPU in a profile: bench/results/code-figures.md).
 */
export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  pglite: PGlite | null;
  pool: pg.Pool | null;
  /** The connection string (PostgreSQL only), for pg-boss and the cluster adapter. */
  url: string | null;
  close(): Promise<void>;
}

// Dates come back as strings in yyyy-MM-dd (type 1082), never shifted by the server's time zone.
pg.types.setTypeParser(1082, (v) => v);

/**
 * Embedded Postgres keeps its shared buffers inside the WebAssembly heap, so they count fully in the
 * process's memory; Postgres's default 128 MB doubles the idle footprint. The data files live on disk
 * behind the OS page cache, so a small buffer pool costs little (PGLITE_SHARED_BUFFERS to change it).
 */
function pgliteStartParams(): string[] {
  const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS ?? '8MB';
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`, '-c', 'work_mem=4MB'];
}

/**
 * V8 compiles WebAssembly twice: a quick baseline (Liftoff) at once, then hot functions again with its
 * optimizing compiler, keeping both. For the embedded database that second copy costs much resident
 * memory and background compiling on a small machine, for queries that are mostly I/O-bound here; 'baseline' keeps only the first (PGLITE_WASM_TIER=optimized for the other).
 * It is a process-wide V8 flag, so only the server's entry point sets it, before the module compiles.
 */
export function useWasmTier(tier: 'baseline' | 'optimized') {
  if (tier === 'baseline') v8.setFlagsFromString('--liftoff-only');
}

/** Opens the embedded database: a directory (locked to this process while open), a dump, or in memory. */
export async function openPglite(dataDirOrBlob?: string | Blob): Promise<Database> {
  const options = { extensions: { pg_trgm, unaccent }, startParams: pgliteStartParams() };
  const release = typeof dataDirOrBlob === 'string' ? await lockDataDir(dataDirOrBlob) : async () => {};
  try {
    const pglite =
      typeof dataDirOrBlob === 'string' || dataDirOrBlob === undefined
        ? await PGlite.create({ dataDir: dataDirOrBlob, ...options })
        : await PGlite.create({ loadDataDir: dataDirOrBlob, ...options });
    const db = drizzlePglite(pglite) as unknown as Db;
    const close = async () => {
      await pglite.close();
      await release();
    };
    return { kind: 'pglite', db, pglite, pool: null, url: null, close };
  } catch (err) {
    await release();
    throw err;
  }
}

/**
 * The app's sessions run without parallel query workers: its queries stop after a page or a capped
 * count, where starting workers costs more than they save, and on a busy server the workers take
 * CPUs from other requests (figures in bench/results/inbox.md and the README's decisions).
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';
/** Ours, then the operator's PGOPTIONS (which pg reads only when no options are given). */
const sessionOptions = () => [SESSION_OPTIONS, process.env.PGOPTIONS].filter(Boolean).join(' ');

/**
 * A connection PostgreSQL ends (restart, failover, pg_terminate_backend) emits `error` on its client,
 * and an `error` nobody listens to ends the process. The pool listens on idle clients; this listens on
 * every client for its whole life, checked out or not: the query in flight fails (and the caller
 * answers 503), the pool replaces the client, the process stays up.
 */
export function survivesLostConnections(pool: pg.Pool, log?: { warn(obj: object, msg: string): void }) {
  const report = (err: Error) => log?.warn({ err }, 'database connection lost');
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

export function openPostgres(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, options: sessionOptions() });
  survivesLostConnections(pool);
  const db = drizzlePg(pool);
  return { kind: 'postgres', db, pglite: null, pool, url, close: () => pool.end() };
}
