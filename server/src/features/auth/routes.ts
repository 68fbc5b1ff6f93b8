import {
  ConfirmationView,
  LoginInput,
  ResetPasswordParams,
  SessionUserView,
  SessionView,
  SignupInput,
  SignupResult,
} from '@chatflow/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { type AuthDeps, login } from './commands/login';
import { requestPasswordReset, resetPassword } from './commands/password-reset';
import { refreshSession } from './commands/refresh';
import { LoginFailures } from './login-failures';
import { signup } from './commands/signup';
import { loadSessionUserView } from './session-user';
import { REFRESH_COOKIE } from '../../auth/refresh-cookie';
import { findSession, revokeSession } from '../../auth/sessions';
import { AppError } from '../../http/errors';

function setRefreshCookie(reply: FastifyReply, config: Config, token: string, remember: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
    // Without "Lembrar de mim" the cookie ends with the browser session.
    maxAge: remember ? config.refreshTokenTtlDays * 86_400 : undefined,
  });
}

const emailIn = (source: unknown) => String((source as { email?: unknown } | undefined)?.email ?? '').toLowerCase();

/** Reset codes one e-mail may ask for in an hour, from any address. */
const RESET_REQUESTS_PER_EMAIL_PER_HOUR = 5;

export const authRoutes =
  (deps: AuthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Two limits on each of these routes: per address and e-mail (one client's tries), and per e-mail alone
    // (one account's tries from any number of addresses: a rotating X-Forwarded-For, a botnet). The second is
    // higher, so an attack from elsewhere leaves the owner some tries of their own. The wrong tries of one
    // reset code are also bounded in the database (password-reset.ts).
    const { max, perAccountMax, windowMs } = deps.config.loginRateLimit;
    const limit = { max, timeWindow: windowMs };
    // createRateLimit, not rateLimit: the plugin runs one of its own limiters per request, and this one must
    // count beside the route's per-address limiter, not instead of it.
    const perAccount = (key: string, source: (req: FastifyRequest) => unknown, accountMax = perAccountMax, timeWindow = windowMs) => {
      const count = app.createRateLimit({ max: accountMax, timeWindow, keyGenerator: (req) => `account|${key}|${emailIn(source(req))}` });
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const counted = await count(req);
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header('retry-after', counted.ttlInSeconds);
          throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
        }
      };
    };
    const params = (req: FastifyRequest) => req.params;

    // Logins count their failures only (login-failures.ts): per address and e-mail, and per e-mail alone.
    const loginFailures = new LoginFailures(windowMs);
    const loginKeys = (req: FastifyRequest) => {
      const email = emailIn(req.body);
      return [
        { key: `${req.ip}|${email}`, max },
        { key: `account|${email}`, max: perAccountMax },
      ];
    };
    app.post(
      '/auth/login',
      {
        schema: { body: LoginInput, response: { 200: SessionView } },
        preHandler: async (req, reply) => {
          for (const { key, max: tries } of loginKeys(req)) {
            const wait = loginFailures.retryAfter(key, tries);
            if (wait === null) continue;
            reply.header('retry-after', wait);
            throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
          }
        },
      },
      async (req, reply) => {
        const session = await login(deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }).catch((err) => {
          if (err instanceof AppError && err.status === 401) for (const { key } of loginKeys(req)) loginFailures.fail(key);
          throw err;
        });
        setRefreshCookie(reply, deps.config, session.refreshToken, session.remember);
        return { token: session.token, user: session.user };
      },
    );

    app.post('/auth/refresh_token', { schema: { response: { 200: SessionView } } }, async (req, reply) => {
      const session = await refreshSession(deps, req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, deps.config, session.refreshToken, session.remember);
      return { token: session.token, user: session.user };
    });

    app.delete('/auth/logout', { schema: { response: { 200: ConfirmationView } } }, async (req, reply) => {
      // The cookie names the session; a client that keeps only the access token (no cookie) ends it with that.
      const byCookie = await deps.tokens.verifyRefresh(req.cookies[REFRESH_COOKIE] ?? '');
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const byToken = byCookie.ok || !bearer ? null : await deps.tokens.verifyAccess(bearer);
      const sessionId = byCookie.ok ? byCookie.claims.sessionId : byToken?.ok ? byToken.claims.sessionId : null;
      if (sessionId && (await findSession(deps.db, sessionId))) await revokeSession(deps.db, sessionId, 'logout');
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      return { message: 'ok' };
    });

    app.get(
      '/auth/me',
      { schema: { response: { 200: SessionUserView } } },
      async (req) => (await app.authenticateWith(req, loadSessionUserView)).view,
    );

    app.post(
      '/auth/signup',
      {
        schema: { body: SignupInput, response: { 200: SignupResult } },
        config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
      },
      async (req) => signup(deps, req.body),
    );

    app.post(
      '/forgetpassword/:email',
      {
        schema: { params: z.object({ email: z.email({ message: 'validation.invalidEmail' }) }), response: { 200: ConfirmationView } },
        config: { rateLimit: { ...limit, keyGenerator: (req) => `${req.ip}|reset|${emailIn(req.params)}` } },
        preHandler: [perAccount('reset', params, RESET_REQUESTS_PER_EMAIL_PER_HOUR, 60 * 60_000)],
      },
      async (req) => {
        await requestPasswordReset(deps, req.params.email);
        return { message: 'ok' };
      },
    );

    app.post(
      '/resetpasswords/:email/:token/:newPassword',
      {
        schema: { params: ResetPasswordParams, response: { 200: ConfirmationView } },
        config: { rateLimit: { ...limit, keyGenerator: (req) => `${req.ip}|resetpw|${emailIn(req.params)}` } },
        preHandler: [perAccount('resetpw', params)],
      },
      async (req) => {
        await resetPassword(deps, req.params.email, req.params.token, req.params.newPassword);
        return { message: 'ok' };
      },
    );
  };
