import type { InjectOptions } from 'fastify';
import { type BadValue, badJsonValues, badTextValues } from './bad-values';
import { alternativesOf, type JsonSchema } from './json-schema';
import { type Operation, urlOf } from './operations';
import { sampleOf } from './samples';
import { pick } from './seeded';
import { multipart } from '../../test/multipart';

/** One request of the fuzz: which field of which route got which bad value. */
export interface FuzzCase {
  label: string;
  /** The bad value's name ('null', '2^31', …), to prove every kind was sent somewhere. */
  kind: string;
  mustRefuse: boolean;
  request: InjectOptions;
}

/** Bad values sent per field, picked by a seeded generator: small, the same on every run. */
const PER_FIELD = 2;
/** How deep the walk goes into nested bodies (the contract's bodies are two or three levels deep). */
const MAX_DEPTH = 6;
const PLACEHOLDER = '\u0001fuzz\u0001';

const isReading = (op: Operation) => op.method === 'GET';

/** The valid text of every path parameter (the largest id for ids: valid, and no row has it). */
export const samplePathValues = (op: Operation) => Object.fromEntries(op.pathParams.map((p) => [p.name, textOf(sampleOf(p.schema))]));
export const sampleQuery = (op: Operation) =>
  Object.fromEntries(op.queryParams.filter((p) => p.required).map((p) => [p.name, textOf(sampleOf(p.schema))]));
export const sampleBody = (op: Operation) => (op.body ? JSON.stringify(sampleOf(op.body)) : undefined);

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Which bad values a field gets. A route that writes gets only values that must be refused, so nothing
 * it is sent may be stored; a read may also get values it can accept (NUL, long search text), where the
 * point is that it does not fail.
 */
function chosen(op: Operation, values: BadValue[], seed: string): BadValue[] {
  const usable = isReading(op) ? values : values.filter((v) => v.mustRefuse);
  return pick(usable, PER_FIELD, seed);
}

export function casesOf(op: Operation, actor: string): FuzzCase[] {
  const route = `${op.method} ${op.path}`;
  const seed = (where: string) => `${actor} ${route} ${where}`;
  const pathValues = samplePathValues(op);
  const query = sampleQuery(op);
  const payload = sampleBody(op);
  const headers = payload ? { 'content-type': 'application/json' } : undefined;
  const cases: FuzzCase[] = [];
  const add = (where: string, bad: BadValue, request: Omit<InjectOptions, 'method'>) =>
    cases.push({
      label: `${route} ${where} = ${bad.name}`,
      kind: bad.name,
      mustRefuse: bad.mustRefuse,
      request: { method: op.method, ...request },
    });

  for (const param of op.pathParams) {
    for (const bad of chosen(op, badTextValues(param.schema), seed(`path ${param.name}`))) {
      add(`path ${param.name}`, bad, { url: urlOf(op, { ...pathValues, [param.name]: bad.raw }, query), payload, headers });
    }
  }
  for (const param of op.queryParams) {
    for (const bad of chosen(op, badTextValues(param.schema), seed(`query ${param.name}`))) {
      add(`query ${param.name}`, bad, { url: urlOf(op, pathValues, { ...query, [param.name]: bad.raw }), payload, headers });
    }
  }
  if (op.body) {
    const url = urlOf(op, pathValues, query);
    for (const field of fieldsOf(op.body, [])) {
      const where = `body ${field.path.join('.') || '(whole body)'}`;
      for (const bad of chosen(op, badJsonValues(field.schema, field.optional), seed(where))) {
        add(where, bad, { url, payload: replacedAt(sampleOf(op.body), field.path, bad.raw), headers });
      }
    }
    // Prototype keys beside valid fields: the JSON parser refuses them before any code can merge them.
    const polluted = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${(payload ?? '{}').slice(1)}`;
    add('body', { name: 'prototype keys beside valid fields', raw: polluted, mustRefuse: true }, { url, payload: polluted, headers });
  }
  if (!op.body && (op.method === 'POST' || op.method === 'PUT')) {
    // Uploads take multipart forms the document does not describe: hostile field names, NUL and a file
    // whose name climbs out of its folder. An upload route may accept the file; it must not fail.
    const url = urlOf(op, pathValues, query);
    add('multipart form', { name: 'hostile parts', raw: '', mustRefuse: false }, { url, ...hostileForm() });
  }
  return cases;
}

function hostileForm() {
  return multipart([
    { name: '__proto__', value: '{"polluted":true}' },
    { name: 'constructor', value: '\u0000' },
    { name: 'typeArch', value: '../../..' },
    { name: 'mode', value: 'a'.repeat(64 * 1024) },
    { name: 'file', value: '<svg onload="alert(1)"/>', filename: '../../evil\u0000.svg', type: 'image/svg+xml' },
  ]);
}

interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  optional: boolean;
}

/** The body itself, then every property and list item inside it, depth first. */
function fieldsOf(schema: JsonSchema, path: (string | number)[], optional = false): Field[] {
  const fields: Field[] = [{ path, schema, optional }];
  if (path.length >= MAX_DEPTH) return fields;
  const shape = alternativesOf(schema).find((s) => s.type !== 'null');
  if (!shape) return fields;
  for (const [key, property] of Object.entries(shape.properties ?? {})) {
    fields.push(...fieldsOf(property, [...path, key], !(shape.required ?? []).includes(key)));
  }
  if (shape.type === 'array' && shape.items) fields.push(...fieldsOf(shape.items, [...path, 0]));
  return fields;
}

/** The JSON text of `base` with the value at `path` replaced by the raw JSON `raw`. */
function replacedAt(base: unknown, path: (string | number)[], raw: string): string {
  if (path.length === 0) return raw;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const [i, key] of path.slice(0, -1).entries()) {
    // A default (say []) can stand where the walk goes deeper: make the room the field needs.
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = PLACEHOLDER;
  return JSON.stringify(copy).replace(JSON.stringify(PLACEHOLDER), () => raw);
}
