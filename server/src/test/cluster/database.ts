import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withDatabase } from '../global-setup';

/**
 * A PostgreSQL database of its own for a multi-node test, cloned from the migrated template, and the
 * pool the test reads it with. `drop` ends every connection still open (nodes killed mid-query).
 */
export async function clusterDatabase(prefix = 'chatflow_nodes') {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error('multi-node tests need TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_TEMPLATE_DB}`);
  await admin.end();
  const url = withDatabase(server, name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The forced drop at the end ends any connection still closing: that is expected, not a failure.
  pool.on('error', () => {});
  return {
    url,
    pool,
    one: async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0] as T | undefined,
    drop: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
