import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './server.mjs';

// `pg` is the server's driver; it is loaded from there rather than added to the bench's own manifest.
const pg = createRequire(path.join(REPO_ROOT, 'server/package.json'))('pg');

/** The maintenance database URL; the bench database is created next to it and dropped afterwards. */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function assertLoopback(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`the bench only uses loopback databases, not ${host}`);
}

async function withAdmin(fn) {
  assertLoopback(ADMIN_URL);
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

export async function createDatabase(name) {
  await withAdmin(async (c) => {
    await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await c.query(`create database ${quoteIdent(name)}`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name) {
  await withAdmin((c) => c.query(`drop database if exists ${quoteIdent(name)} with (force)`));
}

export async function postgresVersion() {
  return withAdmin(async (c) => (await c.query('show server_version')).rows[0].server_version);
}
