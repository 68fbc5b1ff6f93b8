// Proves the fence fires: scripts/fence-fixtures holds one deliberate breach of each rule.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFence } from './fence.mjs';

const fixtures = ['scripts/fence-fixtures/server/src', 'scripts/fence-fixtures/web/src'];
const found = checkFence(fixtures).map((b) => `${b.rule}: ${b.from}${b.to ? ` -> ${b.to}` : ''}`);
const server = 'scripts/fence-fixtures/server';
const web = 'scripts/fence-fixtures/web';
const s = `${server}/src`;
const w = `${web}/src`;

test('a feature reaching into another feature’s internals is refused (server and web)', () => {
  assert.ok(found.includes(`feature-to-feature (${server}): ${s}/features/alpha/reads-beta-internals.ts -> ${s}/features/beta/secret.ts`));
  assert.ok(found.includes(`feature-to-feature (${web}): ${w}/features/two/reads-one-internals.ts -> ${w}/features/one/first.ts`));
});

test('the composition side reaching past a feature’s index.ts is refused', () => {
  assert.ok(found.includes(`feature-public-module (${server}): ${s}/registry.ts -> ${s}/features/alpha/internal.ts`));
});

test('infrastructure and shared web code importing a feature are refused', () => {
  assert.ok(found.includes(`infrastructure-imports-no-feature: ${s}/http/reaches-feature.ts -> ${s}/features/alpha/index.ts`));
  assert.ok(found.includes(`web-shared-imports-no-feature: ${w}/lib/reaches-feature.ts -> ${w}/features/two/index.ts`));
});

test('cycles are refused: between modules, and between features whatever modules carry them', () => {
  assert.ok(found.some((f) => f.startsWith(`no-feature-cycles: ${w}/features/one/`)));
  assert.ok(found.includes(`no-feature-level-cycles: ${server}:alpha <-> ${server}:beta`));
});

test('imports through a feature’s index.ts are allowed', () => {
  assert.ok(!found.some((f) => f.includes('features/beta/uses-alpha.ts')));
});

test('a feature reaching the network but through the outbound guard is refused (fetch, its aliases, HTTP clients, sockets)', () => {
  const outbound = found.filter((f) => f.startsWith('tenant-addresses-through-outbound-guard: '));
  assert.deepEqual(outbound.sort(), [
    `tenant-addresses-through-outbound-guard: ${s}/features/alpha/calls-tenant-url.ts -> fetch`,
    `tenant-addresses-through-outbound-guard: ${s}/features/alpha/calls-tenant-url.ts -> globalThis.fetch`,
    `tenant-addresses-through-outbound-guard: ${s}/features/beta/own-http-client.ts -> node:http`,
    `tenant-addresses-through-outbound-guard: ${s}/features/beta/own-http-client.ts -> node:net`,
  ]);
});
