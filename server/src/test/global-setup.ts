import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { seed } from '../composition/seed';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The tests that start the server as its own process (several nodes, data-directory lock) run this bundle
 * (TEST_SERVER_ENTRY; see serverEntry in test/server-entry.ts), built once per run the way `npm run build` does.
 */
async function bundleForProcesses() {
  const { bundleServer } = await import(pathToFileURL(path.join(serverDir, 'bundle.mjs')).href);
  process.env.TEST_SERVER_ENTRY = await bundleServer(path.join(serverDir, 'dist-test'));
}

/**
 * Migrates once into a template that every test file clones: a PGlite data-dir dump, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup() {
  await bundleForProcesses();
  const tmp = path.resolve('.tmp');
  mkdirSync(tmp, { recursive: true });
  const config = loadConfig({ DATA_DIR: tmp, ADMIN_PASSWORD: 'Admin123', JWT_SECRET: 'test', JWT_REFRESH_SECRET: 'test-r' });
  const log = pino({ level: 'silent' });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `chatflow_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    const database = openPostgres(withDatabase(url, templateName), 2);
    await migrate(database);
    await seed(database.db, config, log);
    await database.close();
    process.env.TEST_TEMPLATE_DB = templateName;
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName}`).catch(() => {});
      await admin.end();
    };
  }
  const database = await openPglite();
  await migrate(database);
  await seed(database.db, config, log);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(tmp, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.TEST_TEMPLATE_FILE = file;
  return () => rmSync(file, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
