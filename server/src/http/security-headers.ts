import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The web app's Content-Security-Policy: scripts only from this origin and never inline, so an injected
 * `<script>` or `on*=` attribute runs nothing. What else is allowed is what the app really loads: MUI's
 * styles are inserted at run time (inline styles), images and media include local previews (data:, blob:)
 * and help videos' thumbnails and player (YouTube); the API and the socket are this origin ('self' covers
 * ws: and wss: to it). Nobody may frame the app but itself. The one outside script is Meta's Facebook
 * JavaScript SDK, which the connections screens load when a Meta login dialog opens (README "Connecting
 * for real"): its file (connect.facebook.net), its login status calls (www.facebook.com, Graph) and the
 * frames it may open on Meta's two web origins. Nothing inline is allowed for it.
 */
export const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://connect.facebook.net'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://img.youtube.com'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'https://www.facebook.com', 'https://graph.facebook.com'],
  frameSrc: ['https://www.youtube.com', 'https://www.facebook.com', 'https://web.facebook.com'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Security headers on every answer, and which other origins may call the API from a browser. */
export async function installSecurityHeaders(app: FastifyInstance, opts: { allowedOrigins: string[] }) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Only the allowed origins get CORS headers at all (credentials included); any other origin gets none,
  // so its page can neither read an answer nor send the refresh cookie along.
  const allowed = new Set(opts.allowedOrigins);
  await app.register(fastifyCors, {
    delegator: (req, callback) => {
      const granted = allowed.has(String(req.headers.origin ?? ''));
      // Every method the API has: a front end of another allowed origin edits and deletes too.
      callback(null, granted ? { origin: true, credentials: true, methods: API_METHODS } : { origin: false });
    },
  });
}
