import { ErrorBody, isValidationKey } from '@chatflow/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import type { UserRow } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { casesOf, type FuzzCase } from './cases';
import { operationsOf } from './operations';
import { changedTables, snapshotTables } from './snapshot';

/**
 * Schema-driven fuzz (issue 11): every route of the OpenAPI document, every path parameter, query
 * parameter and body field (nested ones too), a few seeded bad values each: wrong types, null, U+0000,
 * huge strings, ids past 2^31 and 2^53, negative numbers, 1000 levels of nesting, prototype keys, and a
 * hostile multipart form for routes without a JSON body. Routes are read from the document at run time,
 * so a route added tomorrow is fuzzed without a line here.
 * Bar: never a 5xx; a value the document rules out is a 4xx; a 4xx has the contract's error body; a route
 * that refused everything it was sent changed no row of any table.
 */
const t = useTestApp();

/** Tables a refused request may still write, each with its reason. Today a refusal writes nowhere. */
const TABLES_A_REFUSAL_MAY_WRITE: string[] = [];

/** The kinds of bad input the issue names; each must have been sent at least once in a run. */
const EVERY_KIND = [
  'null',
  'a string',
  'a number',
  'an array',
  'an object',
  'only U+0000',
  '1 MB string',
  '1 MB string with U+0000',
  '2^31',
  '2^53',
  '-1',
  '1000 nested arrays',
  '1000 nested objects',
  'prototype keys',
  'prototype keys beside valid fields',
  'hostile parts',
];

function defectsOf(c: FuzzCase, res: LightMyRequestResponse): string[] {
  const seen = `${c.label} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 500) return [`5xx: ${seen}`];
  if (c.mustRefuse && res.statusCode < 400) return [`accepted what it must refuse: ${seen}`];
  if (res.statusCode < 400) return [];
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return [`error body is not JSON: ${seen}`];
  }
  const parsed = ErrorBody.safeParse(body);
  if (!parsed.success) return [`error body off the contract: ${seen}`];
  const rawKeys = (parsed.data.fields ?? []).filter((f) => !isValidationKey(f.key));
  return rawKeys.length ? [`a field message key that is not the contract's: ${seen}`] : [];
}

async function fuzzAs(actor: string, user: UserRow) {
  const document = (await t.anon.get('/docs/json')).json();
  const api = await t.as(user);
  const defects: string[] = [];
  let sent = 0;
  const kinds = new Set<string>();
  let before = await snapshotTables(t.database.db, TABLES_A_REFUSAL_MAY_WRITE);
  const tables = Object.keys(before).length;
  for (const op of operationsOf(document)) {
    let allRefused = true;
    for (const c of casesOf(op, actor)) {
      const res = await api.inject(c.request);
      sent++;
      kinds.add(c.kind);
      if (res.statusCode < 400) allRefused = false;
      defects.push(...defectsOf(c, res));
    }
    const after = await snapshotTables(t.database.db, TABLES_A_REFUSAL_MAY_WRITE);
    const changed = changedTables(before, after);
    if (allRefused && changed.length) defects.push(`${op.method} ${op.path} refused every case yet changed ${changed.join(', ')}`);
    before = after;
  }
  return { defects, sent, tables, kinds };
}

describe('hostile input on every route of the document is a 4xx with the error body, never a 5xx, and stores nothing', () => {
  test('as a super admin (who reaches the platform routes too)', async () => {
    const { defects, sent, tables, kinds } = await fuzzAs('admin', await t.factory.superUser());
    // The walk really walked: a thousand requests of every kind, and the snapshot sees the app's tables.
    expect(sent).toBeGreaterThan(1000);
    expect(tables).toBeGreaterThan(20);
    expect([...kinds]).toEqual(expect.arrayContaining(EVERY_KIND));
    expect(defects).toEqual([]);
  }, 120_000);

  test('as a `user` profile of a fresh company', async () => {
    const { defects, sent } = await fuzzAs('user', await t.factory.user({ profile: 'user' }));
    expect(sent).toBeGreaterThan(1000);
    expect(defects).toEqual([]);
  }, 120_000);
});
