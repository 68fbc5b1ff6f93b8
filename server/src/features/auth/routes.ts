import {
  ConfirmationView,
  LoginInput,
  ResetPasswordParams,
  SessionUserView,
  SessionView,
  SignupInput,
  SignupResult,
} from '@chatflow/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { type AuthDeps, login } from './commands/login';
import { requestPasswordReset, resetPassword } from './commands/password-reset';
import { refreshSession } from './commands/refresh';
import { signup } from './commands/signup';
import { loadSessionUserView } from './session-user';
import { findSession, revokeSession } from '../../auth/sessions';

export const REFRESH_COOKIE = 'jrt';

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

/** Failed logins are bounded per IP and e-mail (ARCHITECTURE "Security"). */
const perIpAndEmail = (req: { ip: string; body?: unknown }) =>
  `${req.ip}|${String((req.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase()}`;

export const authRoutes =
  (deps: AuthDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = { max: deps.config.loginRateLimit.max, timeWindow: deps.config.loginRateLimit.windowMs };

    app.post(
      '/auth/login',
      {
        schema: { body: LoginInput, response: { 200: SessionView } },
        config: { rateLimit: { ...limit, keyGenerator: perIpAndEmail } },
      },
      async (req, reply) => {
        const session = await login(deps, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
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
      const verified = await deps.tokens.verifyRefresh(req.cookies[REFRESH_COOKIE] ?? '');
      if (verified.ok && (await findSession(deps.db, verified.claims.sessionId))) {
        await revokeSession(deps.db, verified.claims.sessionId, 'logout');
      }
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
        config: { rateLimit: { ...limit, keyGenerator: (req) => `${req.ip}|reset|${(req.params as { email?: string }).email ?? ''}` } },
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
        config: { rateLimit: { ...limit, keyGenerator: (req) => `${req.ip}|resetpw|${(req.params as { email?: string }).email ?? ''}` } },
      },
      async (req) => {
        await resetPassword(deps, req.params.email, req.params.token, req.params.newPassword);
        return { message: 'ok' };
      },
    );
  };
