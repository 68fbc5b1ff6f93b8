import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_URL_PREFIX } from './storage';

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

/** Serves the fs driver's files at /public/ with the headers of rule 6 (index.ts). */
export async function serveMedia(app: FastifyInstance, root: string) {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: PUBLIC_URL_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(res, filePath) {
      const ext = path.extname(filePath).slice(1).toLowerCase();
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (ext !== 'pdf') res.setHeader('Content-Security-Policy', SANDBOX);
      if (!INLINE_EXTENSIONS.has(ext)) res.setHeader('Content-Disposition', 'attachment');
    },
  });
}
