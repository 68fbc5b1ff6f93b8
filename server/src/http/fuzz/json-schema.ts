/**
 * The part of JSON Schema (OpenAPI 3.0 flavour, as fastify-type-provider-zod writes it) the fuzz reads,
 * and two questions it asks of a schema: which JSON types it admits, and whether it admits a value.
 */
export interface JsonSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/** The alternatives of a union, or the schema itself. */
export const alternativesOf = (schema: JsonSchema): JsonSchema[] => {
  const union = schema.anyOf ?? schema.oneOf;
  return union ? union.flatMap(alternativesOf) : [schema];
};

/** A schema with no type, enum or union: it admits anything (an ignored legacy parameter, say). */
export const admitsAnything = (schema: JsonSchema): boolean =>
  alternativesOf(schema).some((s) => !s.type && s.enum === undefined && s.const === undefined && !s.properties && !s.allOf);

export const isNullable = (schema: JsonSchema): boolean =>
  admitsAnything(schema) || schema.nullable === true || alternativesOf(schema).some((s) => s.nullable === true || s.type === 'null');

/** The JSON types the schema admits ('object' also for schemas that only name properties). */
export function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  for (const s of alternativesOf(schema)) {
    if (s.type) types.add(s.type);
    else if (s.properties) types.add('object');
    else if (s.enum) for (const v of s.enum) types.add(jsonType(v));
    else if (s.const !== undefined) types.add(jsonType(s.const));
    if (s.type === 'integer') types.add('number-integer');
  }
  return types;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Whether some alternative of `schema` admits this string by its own rules (length, enum, pattern).
 * Used to know whether a string must be refused; formats and refinements the document cannot show only
 * make the server stricter, never looser.
 */
export function admitsString(schema: JsonSchema, text: string): boolean {
  if (admitsAnything(schema)) return true;
  return alternativesOf(schema).some((s) => {
    if (s.type !== 'string' && !(s.enum ?? []).some((v) => typeof v === 'string')) return false;
    if (s.enum && !s.enum.includes(text)) return false;
    if (s.const !== undefined && s.const !== text) return false;
    if (s.minLength !== undefined && text.length < s.minLength) return false;
    if (s.maxLength !== undefined && text.length > s.maxLength) return false;
    if (s.pattern && !new RegExp(s.pattern, 'u').test(text)) return false;
    return true;
  });
}

/** Whether some numeric alternative of `schema` admits this number by its bounds. */
export function admitsNumber(schema: JsonSchema, value: number): boolean {
  if (admitsAnything(schema)) return true;
  return alternativesOf(schema).some((s) => {
    if (s.type !== 'number' && s.type !== 'integer') return false;
    if (s.type === 'integer' && !Number.isSafeInteger(value)) return false;
    if (s.minimum !== undefined && (s.exclusiveMinimum === true ? value <= s.minimum : value < s.minimum)) return false;
    if (s.maximum !== undefined && (s.exclusiveMaximum === true ? value >= s.maximum : value > s.maximum)) return false;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return false;
    return true;
  });
}
