// This machine's floor for durable writes: how many one-row insert transactions PostgreSQL commits per
// second when pgbench (a C client, cheap on the CPU) drives it from 8 connections for a few seconds. A
// product that keeps what it receives must commit at least the customer's message and the bot's reply:
// two commits an answer. So a burst of N answers cannot be done before 2 N / rate seconds here,
// whatever the product's code does. Runs on the bench's own database, in a table it drops afterwards.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One-row insert transactions committed per second (pgbench, 8 clients, `seconds` long). */
export function measureCommitRate(databaseUrl, seconds = 5) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chatflow-commit-floor-'));
  const script = path.join(dir, 'insert.sql');
  writeFileSync(script, "insert into bench_commit_floor (ticket_id, body) values (:client_id, 'Olá, quero saber do meu pedido');\n");
  const psql = (sql) => spawnSync('psql', [databaseUrl, '-qc', sql], { encoding: 'utf8' });
  try {
    psql(
      'create table if not exists bench_commit_floor (id bigserial primary key, ticket_id int, body text, created_at timestamptz default now())',
    );
    const run = spawnSync('pgbench', ['-n', '-c', '8', '-j', '2', '-T', String(seconds), '-f', script, databaseUrl], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
    if (!tps) throw new Error(`pgbench gave no rate: ${run.stderr || run.stdout}`);
    return Number(tps[1]);
  } finally {
    psql('drop table if exists bench_commit_floor');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The least time `answers` answers take on this machine at two commits each. */
export const burstFloorFromCommits = (answers, commitsPerSecond) => (2 * answers * 1000) / commitsPerSecond;
