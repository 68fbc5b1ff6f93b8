import { ErrorBody } from '@chatflow/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI transform: each route's zod schemas as JSON Schema, plus the shared error body under
 * 4XX. Documentation only: errors are written by the error handler, never encoded through a route's
 * response schema, so a code carrying extra keys can never turn into a serialization failure.
 */
export function documentRoute(document: RouteDocument) {
  const { schema } = document;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const errors = { description: 'Error: { error: ERR_..., fields? }', content: { 'application/json': { schema: ErrorBody } } };
  const response = { ...(schema.response as object | undefined), '4XX': errors };
  return jsonSchemaTransform({ ...document, schema: { ...schema, response } });
}
