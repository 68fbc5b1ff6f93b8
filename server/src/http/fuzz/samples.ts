import { admitsNumber, admitsString, alternativesOf, type JsonSchema } from './json-schema';

/**
 * Texts tried, in order, for a string with a pattern: the shapes the contract's patterns describe
 * (times, dates, colours, ids, phone numbers). The first the pattern admits is the sample.
 */
const PATTERN_CANDIDATES = [
  '08:00',
  '2026-01-15',
  '#1a2b3c',
  '00000000-0000-4000-8000-000000000000',
  '5511999990000',
  'fuzz@example.com',
  'https://example.com/x',
  'abc',
  'a',
];

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'fuzz@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-01-15T12:00:00.000Z',
  date: '2026-01-15',
  uri: 'https://example.com/x',
  url: 'https://example.com/x',
};

/**
 * A value the schema admits, as far as the document tells: every optional property present, so each field
 * of a body can be replaced by a bad value while the rest stays valid. Ids are the largest id there is:
 * valid, and no row has it, so a request that gets past validation finds nothing to change.
 */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  const [first] = alternativesOf(schema).filter((s) => s.type !== 'null');
  if (!first) return null;
  if (first.const !== undefined) return first.const;
  if (first.enum) return first.enum[0];
  switch (first.type) {
    case 'string':
      return sampleString(first);
    case 'integer':
    case 'number':
      return sampleNumber(first);
    case 'boolean':
      return true;
    case 'array': {
      const count = Math.min(Math.max(first.minItems ?? 0, 1), first.maxItems ?? 1);
      return Array.from({ length: count }, () => sampleOf(first.items ?? {}));
    }
    case 'object':
      return sampleObject(first);
    default:
      return first.properties ? sampleObject(first) : 'x';
  }
}

function sampleObject(schema: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleOf(value)]));
}

function sampleString(schema: JsonSchema): string {
  const candidates = [
    ...(schema.format && FORMAT_SAMPLES[schema.format] ? [FORMAT_SAMPLES[schema.format]] : []),
    ...PATTERN_CANDIDATES,
    'x'.repeat(Math.max(schema.minLength ?? 1, 1)),
  ];
  return candidates.find((text) => admitsString(schema, text)) ?? 'x';
}

function sampleNumber(schema: JsonSchema): number {
  const candidates = [schema.maximum === 2 ** 31 - 1 ? schema.maximum : 1, schema.minimum, schema.maximum, 0];
  return candidates.find((n): n is number => n !== undefined && admitsNumber(schema, n)) ?? 1;
}
