import { admitsAnything, admitsNumber, admitsString, isNullable, type JsonSchema, typesOf } from './json-schema';

/**
 * One hostile input for one field. `raw` is the JSON text put where the field's value goes (raw,
 * so prototype keys reach the server as written); for a path or query parameter it is the text itself.
 * `mustRefuse`: the document says no valid request carries it, so the answer must be a 4xx.
 */
export interface BadValue {
  name: string;
  raw: string;
  mustRefuse: boolean;
}

const MEGABYTE = 1024 * 1024;
/** Longer than any URL a server takes (Node refuses a request line past 16 KB before the app sees it). */
const URL_TEXT = 32 * 1024;
const DEPTH = 1000;

const deepArray = () => `${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`;
const deepObject = () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
/** Keys that pollute Object.prototype when an object is merged or assigned carelessly. */
const PROTOTYPE_KEYS = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}';

/**
 * Bad values for a field of a JSON body. For an optional field, null and an empty text may mean "not
 * given" (the contract maps them so for older clients), so they are judged only where nothing is stored.
 */
export function badJsonValues(schema: JsonSchema, optional: boolean): BadValue[] {
  const values = valuesFor(schema);
  return optional ? values.map((v) => (v.name === 'null' || v.name === 'only U+0000' ? { ...v, mustRefuse: false } : v)) : values;
}

function valuesFor(schema: JsonSchema): BadValue[] {
  const types = typesOf(schema);
  const anything = admitsAnything(schema);
  const values: BadValue[] = [
    { name: 'null', raw: 'null', mustRefuse: !isNullable(schema) },
    { name: 'prototype keys', raw: PROTOTYPE_KEYS, mustRefuse: true },
  ];
  if (!types.has('string')) values.push({ name: 'a string', raw: '"fuzz"', mustRefuse: !anything });
  if (!types.has('number') && !types.has('integer')) values.push({ name: 'a number', raw: '123', mustRefuse: !anything });
  if (!types.has('boolean')) values.push({ name: 'a boolean', raw: 'true', mustRefuse: !anything });
  if (!types.has('array')) {
    values.push({ name: 'an array', raw: '[{"a":1}]', mustRefuse: !anything });
    values.push({ name: '1000 nested arrays', raw: deepArray(), mustRefuse: !anything });
  }
  if (!types.has('object')) {
    values.push({ name: 'an object', raw: '{"a":[1]}', mustRefuse: !anything });
    values.push({ name: '1000 nested objects', raw: deepObject(), mustRefuse: !anything });
  }
  if (types.has('string')) values.push(...badStrings(schema, MEGABYTE).map((v) => ({ ...v, raw: JSON.stringify(v.raw) })));
  if (types.has('number') || types.has('integer')) values.push(...badNumbers(schema));
  return values;
}

/** Bad values for a path or query parameter: always text, as a URL carries it. */
export function badTextValues(schema: JsonSchema): BadValue[] {
  const types = typesOf(schema);
  // An empty list filter is no filter: NUL alone (removed to '') may be accepted there.
  const values = badStrings(schema, URL_TEXT).map((v) =>
    types.has('array') && v.name === 'only U+0000' ? { ...v, mustRefuse: false } : v,
  );
  if (types.has('number') || types.has('integer')) {
    values.push(...badNumbers(schema), { name: 'not a number', raw: 'abc', mustRefuse: !admitsString(schema, 'abc') });
  }
  if (types.has('array')) {
    // Lists in a query string are JSON-ish text ("[1,2]"); broken, deep or object-shaped ones are refused.
    values.push(
      { name: 'a broken list', raw: '[1,', mustRefuse: true },
      { name: '1000 nested lists', raw: deepArray(), mustRefuse: true },
      { name: 'an object for a list', raw: PROTOTYPE_KEYS, mustRefuse: true },
      { name: 'a list of ids past 2^31', raw: `[${2 ** 31}]`, mustRefuse: true },
    );
  }
  return values;
}

function badStrings(schema: JsonSchema, size: number): BadValue[] {
  const huge = 'a'.repeat(size);
  const hugeWithNul = 'a\u0000'.repeat(size / 2);
  const label = size >= MEGABYTE ? '1 MB' : `${size / 1024} KB`;
  return [
    // NUL is removed before validation (nul-characters.ts): what is left must still be judged.
    { name: 'only U+0000', raw: '\u0000\u0000', mustRefuse: !admitsString(schema, '') },
    { name: `${label} string`, raw: huge, mustRefuse: !admitsString(schema, huge) },
    { name: `${label} string with U+0000`, raw: hugeWithNul, mustRefuse: !admitsString(schema, 'a'.repeat(size / 2)) },
    { name: 'prototype key as text', raw: '__proto__', mustRefuse: !admitsString(schema, '__proto__') },
  ];
}

function badNumbers(schema: JsonSchema): BadValue[] {
  return [
    [2 ** 31, '2^31'],
    [2 ** 53, '2^53'],
    [-1, '-1'],
    [-(2 ** 31) - 1, '-2^31-1'],
    [1.5, '1.5'],
    [1e308, '1e308'],
  ].map(([value, name]) => ({ name: String(name), raw: String(value), mustRefuse: !admitsNumber(schema, Number(value)) }));
}
