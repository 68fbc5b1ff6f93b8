import { type ErrorCode, isValidationKey, type Language, validationText } from '@chatflow/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './database-unavailable';

/** A failure the caller can act on: HTTP status plus one of the contract's ERR_* codes. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly status = 400,
    /** Extra keys merged into the body (for example the conflicting ticket of ERR_OTHER_OPEN_TICKET). */
    public readonly details?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);
export const forbidden = () => new AppError('ERR_NO_PERMISSION', 403);

export function requestLanguage(req: FastifyRequest): Language {
  const header = String(req.headers['accept-language'] ?? '').toLowerCase();
  if (header.startsWith('en')) return 'en';
  if (header.startsWith('es')) return 'es';
  return 'pt';
}

interface FieldIssue {
  path: PropertyKey[];
  message: string;
}

/** One message per field (the first broken rule), as a form shows it. */
function fieldsOf(issues: FieldIssue[], lang: Language) {
  const seen = new Set<string>();
  const firstPerField = issues.filter((i) => {
    const key = i.path.map(String).join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return firstPerField.map((i) => {
    // Keys are the contract's; a library's own message (zod's, fastify's) never reaches the caller as one.
    const key = isValidationKey(i.message) ? i.message : 'validation.invalid';
    return { field: i.path.map(String).join('.') || '_', key, message: validationText(key, lang) };
  });
}

export function validationReply(
  reply: FastifyReply,
  req: FastifyRequest,
  issues: FieldIssue[],
  status = 400,
  code: ErrorCode = 'ERR_VALIDATION',
) {
  return reply.status(status).send({ error: code, fields: fieldsOf(issues, requestLanguage(req)) });
}

/**
 * Errors Fastify answers before a route is chosen (a path parameter longer than the router keeps, a URL
 * that does not decode): they skip the error handler, so without this they leave in Fastify's own shape.
 */
export function frameworkErrorReply(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return validationReply(reply, req, [{ path: [], message: 'validation.invalid' }], status);
}

/** Every error leaves as `{ error: ERR_* }`; bad input is a 4xx, never a 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send({ error: err.code, ...err.details });
    if (hasZodFastifySchemaValidationErrors(err)) {
      return validationReply(
        reply,
        req,
        err.validation.map((v) => ({
          path: String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
          message: String(v.message ?? 'validation.invalid'),
        })),
      );
    }
    if (err instanceof ZodError) return validationReply(reply, req, err.issues);
    if (err.statusCode === 429) return reply.status(429).send({ error: 'ERR_TOO_MANY_REQUESTS' });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large, …: the caller's mistake, said plainly.
      const code = err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413 ? 'ERR_FILE_TOO_LARGE' : 'ERR_VALIDATION';
      return validationReply(reply, req, [{ path: [], message: 'validation.invalid' }], err.statusCode, code);
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send({ error: 'ERR_SERVICE_UNAVAILABLE' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'ERR_INTERNAL' });
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'ERR_NOT_FOUND' }));
}
