import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_URL_PREFIX, type MediaStorage } from './storage';

/**
 * What a browser may show in place: pictures, sound, video and PDF. Anything else downloads, plain text
 * included (markup a customer sent is stored as .txt: shown in place it would still be the app's origin).
 */
const INLINE_EXTENSIONS = new Set(
  'png jpg jpeg gif webp avif bmp ico svg mp3 mpeg ogg oga opus m4a aac wav weba webm mp4 m4v mov 3gp pdf'.split(' '),
);
/**
 * Opened directly, a stored file runs nothing in the app's origin: a sandbox with no scripts, loading
 * only pictures and media. PDF is left out because browsers refuse to show a PDF in a sandbox, and
 * its viewer runs outside the page anyway.
 */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/** The content types of the bucket route (the fs route takes them from @fastify/static's table). */
const MIME: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  mpeg: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/opus',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  weba: 'audio/webm',
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  vcf: 'text/vcard',
  zip: 'application/zip',
};

/** Folders anyone may read: whitelabel logos, shown on the login page before anyone has a session. */
const OPEN_FOLDERS = ['logos/'];
const COMPANY_KEY = /^company(\d+)\//;

/** The company of the caller's session (access token or refresh cookie), or null without a live one. */
export type CallerCompany = (req: FastifyRequest) => Promise<number | null>;

/** Rule 6's headers (index.ts), the same for both drivers. */
function inertHeaders(set: (name: string, value: string) => unknown, ext: string) {
  set('X-Content-Type-Options', 'nosniff');
  if (ext !== 'pdf') set('Content-Security-Policy', SANDBOX);
  if (!INLINE_EXTENSIONS.has(ext)) set('Content-Disposition', 'attachment');
}

/**
 * Serves stored files at /public/<key>, only to whom may read them: a company's files (company{id}/...)
 * to users of that company, by their session (the access token, or the refresh cookie a browser sends
 * with an <img>); logos to anyone. Anything else, another company's file included, is the same 404 as
 * a file that does not exist, so a url tells nothing about what lies behind it. The fs driver's files
 * go out through @fastify/static (ranges, caching headers); the bucket's are streamed through the app,
 * so the bucket stays private and the browser never needs to reach it.
 */
export async function serveMedia(app: FastifyInstance, storage: MediaStorage, callerCompany: CallerCompany) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      if (!(await mayRead(storage, callerCompany, req))) return notFound(reply);
    });
    if (storage.place.driver === 'fs') {
      mkdirSync(storage.place.localRoot, { recursive: true });
      await scope.register(fastifyStatic, {
        root: storage.place.localRoot,
        prefix: PUBLIC_URL_PREFIX,
        decorateReply: false,
        index: false,
        setHeaders: (res, filePath) => inertHeaders((n, v) => res.setHeader(n, v), path.extname(filePath).slice(1).toLowerCase()),
      });
      return;
    }
    const { client, bucket } = storage.place;
    scope.get(`${PUBLIC_URL_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
      const key = storage.keyOf(pathOf(req)) as string; // mayRead checked it
      const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range })).catch((err) => {
        const status = err?.$metadata?.httpStatusCode;
        if (status === 404 || status === 416) return status as number;
        throw err;
      });
      if (object === 404) return notFound(reply);
      if (typeof object === 'number') return reply.status(416).header('content-range', 'bytes */*').send();
      const ext = path.posix.extname(key).slice(1).toLowerCase();
      inertHeaders((n, v) => reply.header(n, v), ext);
      reply.header('content-type', MIME[ext] ?? 'application/octet-stream').header('accept-ranges', 'bytes');
      if (object.ContentLength !== undefined) reply.header('content-length', object.ContentLength);
      if (object.ContentRange) reply.status(206).header('content-range', object.ContentRange);
      if (object.ETag) reply.header('etag', object.ETag);
      return reply.send(object.Body as Readable);
    });
  });
}

/** The request's path without its query string, as stored urls are written. */
const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? '';

async function mayRead(storage: MediaStorage, callerCompany: CallerCompany, req: FastifyRequest): Promise<boolean> {
  const key = storage.keyOf(pathOf(req));
  if (!key) return false;
  if (OPEN_FOLDERS.some((folder) => key.startsWith(folder))) return true;
  const owner = COMPANY_KEY.exec(key)?.[1];
  if (!owner) return false;
  const company = await callerCompany(req).catch(() => null);
  return company !== null && company === Number(owner);
}

const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'ERR_NOT_FOUND' });
