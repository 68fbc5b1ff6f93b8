import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serveMedia } from '../media';

/**
 * One port for everything (ARCHITECTURE "HTTP contract"): a GET whose Accept prefers text/html is a
 * page load and gets index.html; /assets/* are the built files; /public/* is media; the rest is API.
 */
export async function serveWeb(app: FastifyInstance, opts: { webDist: string | null; publicDir: string }) {
  await serveMedia(app, opts.publicDir);
  if (!opts.webDist || !existsSync(path.join(opts.webDist, 'index.html'))) return;
  const indexHtml = readFileSync(path.join(opts.webDist, 'index.html'));
  await app.register(fastifyStatic, {
    root: path.join(opts.webDist, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    // The web build writes .br and .gz copies of every text asset (web/scripts/precompress.mjs).
    preCompressed: true,
  });
  for (const file of ['favicon.ico', 'favicon.svg', 'logo.svg', 'robots.txt']) {
    const full = path.join(opts.webDist, file);
    if (existsSync(full)) {
      const body = readFileSync(full);
      app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) =>
        reply.type(file.endsWith('.svg') ? 'image/svg+xml' : 'image/x-icon').send(body),
      );
    }
  }
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !prefersHtml(req.headers.accept)) return;
    if (req.url.startsWith('/public/') || req.url.startsWith('/assets/') || req.url.startsWith('/socket.io')) return;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
