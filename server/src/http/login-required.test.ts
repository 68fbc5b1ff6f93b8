import type { InjectOptions } from 'fastify';
import { expect, test } from 'vitest';
import { useTestApp } from '../test/harness';
import { sampleBody, samplePathValues, sampleQuery } from './fuzz/cases';
import { type Operation, operationsOf, urlOf } from './fuzz/operations';

/**
 * Every route the app registers requires login, except these. Each is public on purpose; a new entry
 * needs its reason (and, for a route of the product, the spec's word).
 */
const PUBLIC_ROUTES: Record<string, string> = {
  'POST /auth/login': 'logging in (spec 1 §2.1: /login is public)',
  'POST /auth/refresh_token': 'authenticates with the refresh cookie, not an access token',
  'DELETE /auth/logout': 'ends the session of the refresh cookie; without one there is nothing to end',
  'POST /auth/signup': 'signing up (spec 1 §2.1: /signup is public)',
  'POST /forgetpassword/:email': 'password reset (spec 1 §2.1: /forgetpsw is public)',
  'POST /resetpasswords/:email/:token/:newPassword': 'password reset, authorised by the e-mailed code',
  'GET /plans/list': 'the signup page lists public plans before anyone logs in (spec 2 §7)',
  'GET /public-settings/:key': 'appearance (colours, logos, app name) is read before login (spec 2 §7)',
  'GET /manifest.webmanifest':
    "the installable app's manifest (issue 16), fetched by the browser without credentials; names only the public app name",
  'GET /version': 'the version in the footer (spec 3 §10)',
  'GET /health/live': 'for load balancers and orchestrators',
  'GET /health/ready': 'for load balancers and orchestrators',
  'GET /metrics': 'for Prometheus: protected by METRICS_TOKEN instead of a login (404 when unset, 401 without it)',
  'GET /docs': 'the OpenAPI document (DOCS=off turns it off in production)',
  'GET /docs/json': 'the OpenAPI document (DOCS=off turns it off in production)',
  'GET /public/*':
    'media (spec 3 §10: "a public files path"): logos/ is open to the login page; a company\'s files answer only to a session of that company (access token or refresh cookie), else 404 like a missing file (media/serve.ts)',
  'OPTIONS *': 'CORS preflight, which browsers send without credentials',
  'GET /webhook': "Meta's webhook registration, authorised by the verify token (META_VERIFY_TOKEN)",
  'POST /webhook': "Meta's deliveries, authorised by X-Hub-Signature-256 over the body (META_APP_SECRET)",
  'POST /subscription/webhook/:provider': "payment providers' notices, authorised by each provider's signature or token (billing)",
  'POST /subscription/webhook/:provider/pix': 'Efí posts its PIX notices to the registered URL plus /pix (billing)',
  'POST /api/messages/send': "the external API, authorised by the connection's token as Bearer (spec 3 External messages API)",
};

/** Static files of the built web app, registered only when it is built (not in tests): public by nature. */
const WEB_FILES = ['/assets/*', '/favicon.ico', '/favicon.svg', '/logo.svg', '/robots.txt'];

const t = useTestApp();

const isPublic = (method: string, url: string) =>
  `${method} ${url}` in PUBLIC_ROUTES ||
  (method === 'HEAD' && `GET ${url}` in PUBLIC_ROUTES) ||
  (['GET', 'HEAD'].includes(method) && WEB_FILES.includes(url));

/**
 * A request the route would take from a logged-in caller, so the only thing wrong with it is the missing
 * login: the document's sample input when it describes the route, else each path parameter filled in.
 * (The login check runs before the body is read, login-first.ts, so even a bad body would be a 401.)
 */
function requestFor(method: string, url: string, operations: Operation[]): InjectOptions {
  const documented = url.replace(/:(\w+)/g, '{$1}');
  const op = operations.find((o) => o.path === documented && o.method === (method === 'HEAD' ? 'GET' : method));
  if (!op) return { method: method as InjectOptions['method'], url: url.replace(/:\w+/g, '1').replace('*', 'x') };
  const payload = sampleBody(op);
  return {
    method: method as InjectOptions['method'],
    url: urlOf(op, samplePathValues(op), sampleQuery(op)),
    payload,
    headers: payload ? { 'content-type': 'application/json' } : {},
  };
}

test('every registered route answers 401 without login, unless it is on the short public list', async () => {
  const operations = operationsOf((await t.anon.get('/docs/json')).json());
  const routes = t.app.routeTable;
  expect(routes.length).toBeGreaterThan(100);
  // The public list names real routes: an entry whose route is gone or renamed must go too.
  const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
  expect(Object.keys(PUBLIC_ROUTES).filter((route) => !registered.has(route))).toEqual([]);

  const answers: string[] = [];
  for (const { method, url } of routes.filter((r) => !isPublic(r.method, r.url))) {
    const res = await t.anon.inject(requestFor(method, url, operations));
    // A HEAD answer has no body to read: its status says it.
    const error = method === 'HEAD' ? 'ERR_SESSION_EXPIRED' : (res.json() as { error?: string }).error;
    answers.push(`${method} ${url} -> ${res.statusCode} ${error}`);
  }
  expect(answers.length).toBeGreaterThan(90);
  expect(answers.filter((a) => !a.endsWith('-> 401 ERR_SESSION_EXPIRED'))).toEqual([]);
});

test('without a login the body is not even read: a broken body on a private route is a 401, not a 400', async () => {
  const res = await t.anon.inject({
    method: 'POST',
    url: '/users',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": ',
  });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
});
