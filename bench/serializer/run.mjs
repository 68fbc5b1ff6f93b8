#!/usr/bin/env node
/**
 * Cost of serializing a response through its zod view (what every route does since the views are
 * its response schemas) against plain JSON.stringify (a route without a response schema), on a page
 * of 40 ticket views (GET /tickets) and 40 message views (GET /messages/{uuid}; the route answers 20).
 * The "zod" serializer is fastify-type-provider-zod's serializerCompiler, the function the app installs:
 * Fastify calls it once per route and runs what it returns on every reply. Also measured: the same
 * schema compiled to JSON Schema and fast-json-stringify (Fastify's native compiler), as the faster
 * option if the zod path were ever too slow, and a full inject() round trip with and without schema.
 *
 *   node bench/serializer/run.mjs            (about a minute on a quiet machine; SERIALIZER_ITERATIONS sets the calls per round)
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { messagePage, ticketPage } from './views.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverRequire = createRequire(path.join(root, 'server/package.json'));
register();
const contract = await import(path.join(root, 'packages/contract/src/index.ts'));
const { serializerCompiler } = await import(serverRequire.resolve('fastify-type-provider-zod'));
const { default: Fastify } = await import(serverRequire.resolve('fastify'));
const { default: fastJson } = await import(serverRequire.resolve('fast-json-stringify'));
const { z } = await import(serverRequire.resolve('zod'));

const ITERATIONS = Number(process.env.SERIALIZER_ITERATIONS ?? 5_000);
const ROUNDS = 5;

/**
 * CPU time of one call in microseconds, per variant: the variants run in turns (one round each,
 * ROUNDS times) so a busy moment of the machine touches them alike; CPU time rather than wall time
 * because other processes share the cores. The median round is kept.
 */
function measure(variants) {
  for (const fn of Object.values(variants)) for (let i = 0; i < ITERATIONS / 4; i++) fn();
  const rounds = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(variants)) {
      const start = process.cpuUsage();
      for (let i = 0; i < ITERATIONS; i++) fn();
      const used = process.cpuUsage(start);
      rounds[name].push((used.user + used.system) / ITERATIONS);
    }
  }
  return Object.fromEntries(Object.entries(rounds).map(([k, v]) => [k, v.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]]));
}

async function measureInject(app, url, count = 1000) {
  for (let i = 0; i < 100; i++) await app.inject({ url });
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await app.inject({ url });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

const cases = [
  { name: 'GET /tickets (40 ticket views)', url: '/tickets', schema: contract.TicketPage, page: ticketPage(40) },
  { name: 'GET /messages/{uuid} (40 message views)', url: '/messages', schema: contract.MessagePage, page: messagePage(40) },
  {
    name: 'GET /messages/{uuid} (20 message views, the real page)',
    url: '/messages20',
    schema: contract.MessagePage,
    page: messagePage(20),
  },
];

const app = Fastify({ logger: false });
app.setSerializerCompiler(serializerCompiler);
for (const c of cases) {
  app.get(c.url, { schema: { response: { 200: c.schema } } }, async () => c.page);
  app.get(`/plain${c.url}`, async () => c.page);
}
await app.ready();

const rows = [];
for (const c of cases) {
  const zodSerialize = serializerCompiler({ schema: c.schema, method: 'GET', url: c.url });
  const fjs = fastJson(z.toJSONSchema(c.schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }));
  if (zodSerialize(c.page) !== JSON.stringify(c.page)) throw new Error(`${c.name}: the view does not round-trip the page`);
  const { plain, zod, fast } = measure({ plain: () => JSON.stringify(c.page), zod: () => zodSerialize(c.page), fast: () => fjs(c.page) });
  const injectPlain = await measureInject(app, `/plain${c.url}`);
  const injectZod = await measureInject(app, c.url);
  rows.push({ case: c.name, bytes: JSON.stringify(c.page).length, plain, zod, fast, injectPlain, injectZod });
}
await app.close();

const us = (v) => `${v.toFixed(1)} µs`;
const delta = (v) => `${v >= 0 ? '+' : '−'}${us(Math.abs(v))}`;
console.log(
  `node ${process.version}, CPU time per call: ${ITERATIONS} calls x ${ROUNDS} rounds (median round), inject: 1000 requests; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs\n`,
);
console.log(
  '| case | bytes | JSON.stringify (no schema) | zod view (route) | fast-json-stringify | inject, no schema | inject, zod view |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.case} | ${r.bytes} | ${us(r.plain)} | ${us(r.zod)} (${delta(r.zod - r.plain)}) | ${us(r.fast)} | ${us(r.injectPlain)} | ${us(r.injectZod)} |`,
  );
}
