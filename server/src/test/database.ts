import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client';
import { withDatabase } from './global-setup';

/** A fresh database cloned from the migrated template: one per test file. */
export async function cloneTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `chatflow_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DB}`);
    await admin.end();
    const database = openPostgres(withDatabase(url, name), 10);
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
  const file = process.env.TEST_TEMPLATE_FILE;
  if (!file) throw new Error('global setup did not run');
  return openPglite(new Blob([readFileSync(file)]));
}
