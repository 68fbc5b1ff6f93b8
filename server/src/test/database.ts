import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { withDatabase } from './global-setup';

/** A fresh database cloned from the migrated template: one per test file. */
export async function cloneTestDatabase(): Promise<Database> {
  return process.env.TEST_DATABASE_URL ? clonePostgresDatabase() : clonePgliteDatabase();
}

/** A PGlite database from the migrated template file. */
export function clonePgliteDatabase(): Promise<Database> {
  const file = process.env.TEST_TEMPLATE_FILE;
  if (!file) throw new Error('global setup did not run');
  return openPglite(new Blob([readFileSync(file)]));
}

/** A database of its own on TEST_DATABASE_URL's server, cloned from the template and dropped when closed. */
export async function clonePostgresDatabase(poolMax = 10): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `chatflow_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DB}`);
  await admin.end();
  const database = openPostgres(withDatabase(url, name), poolMax);
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return database;
}

/** PGlite from the template file, or migrated from empty when global setup made none (the PostgreSQL pass). */
async function migratedPglite(): Promise<Database> {
  const file = process.env.TEST_TEMPLATE_FILE;
  if (file) return openPglite(new Blob([readFileSync(file)]));
  const database = await openPglite();
  await migrate(database);
  return database;
}

export type JobTarget = [string, () => Promise<{ database: Database; config: Config }>];

/**
 * Where the job runner's tests run: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. pg-boss
 * connects by URL on PostgreSQL, so the config carries the clone's (four connections, as a node's pg-boss).
 */
export function jobTargets(config: Config): JobTarget[] {
  const targets: JobTarget[] = [['PGlite', async () => ({ database: await migratedPglite(), config })]];
  if (process.env.TEST_DATABASE_URL)
    targets.push([
      'PostgreSQL',
      async () => {
        const database = await clonePostgresDatabase(4);
        return { database, config: { ...config, databaseUrl: database.url } };
      },
    ]);
  return targets;
}
