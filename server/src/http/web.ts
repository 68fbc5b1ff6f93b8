import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOfRefreshCookie } from '../auth/refresh-cookie';
import { loadSessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { type CallerCompany, type MediaStorage, serveMedia } from '../media';
import { bearerToken } from './authenticate';
import type { TokenService } from './tokens';

const ROOT_FILES: Record<string, string> = {
  'favicon.ico': 'image/x-icon',
  'favicon.svg': 'image/svg+xml',
  'logo.svg': 'image/svg+xml',
  'robots.txt': 'text/plain; charset=utf-8',
  'icon-192.png': 'image/png',
  'icon-512.png': 'image/png',
};

/**
 * One port for everything (ARCHITECTURE "HTTP contract"): a GET whose Accept prefers text/html is a
 * page load and gets index.html; /assets/* are the built files; /public/* is media; the rest is API.
 */
export async function serveWeb(
  app: FastifyInstance,
  opts: { webDist: string | null; storage: MediaStorage; db: Db; tokens: TokenService },
) {
  await serveMedia(app, opts.storage, sessionCompany(opts.db, opts.tokens));
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
  // The root files of web/public: icons, and the icons of the installable app (its manifest carries the
  // whitelabel app name, so the settings feature writes it per request).
  for (const [file, type] of Object.entries(ROOT_FILES)) {
    const full = path.join(opts.webDist, file);
    if (existsSync(full)) {
      const body = readFileSync(full);
      app.get(`/${file}`, { schema: { hide: true } }, (_req, reply) => reply.type(type).send(body));
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

/**
 * The company whose media the caller may read: the session of the access token (API clients, the web
 * app's fetches) or, without one, of the refresh cookie (what a browser sends with an <img> or <audio>).
 */
function sessionCompany(db: Db, tokens: TokenService): CallerCompany {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req);
    const verified = token ? await tokens.verifyAccess(token) : null;
    const session = verified ? (verified.ok ? verified.claims : null) : await sessionOfRefreshCookie(db, tokens, req.headers.cookie);
    if (!session) return null;
    const user = await loadSessionUser(db, session.sessionId, session.userId);
    return user?.companyId ?? null;
  };
}
