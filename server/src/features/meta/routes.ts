import {
  ConnectionCreateQuery,
  EmbeddedSignupInput,
  EmbeddedSignupResult,
  ErrorBody,
  FacebookConnectInput,
  FacebookConnectResult,
  FacebookPagesInput,
  FacebookPagesView,
  MetaLoginSettingsView,
  canSeeConnections,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveSubscription, requireActor, requirePlan } from '../../http/guards';
import { actAsQueryCompany } from '../connections';
import type { FeatureDeps } from '../deps';
import { dispatchWebhook } from './dispatch';
import { embeddedSignup } from './embedded-signup';
import { connectFacebook } from './facebook-connect';
import { listFacebookPages } from './facebook-pages';
import { presentLoginSettings, readMetaApp } from './meta-app';
import { signedByMetaApp } from './webhook-secret';

const VerifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

/**
 * Meta's side of the product (README "Connecting for real"): the webhook every Meta product posts
 * to (WhatsApp Cloud API, Messenger, Instagram) and POST /facebook, which turns a Facebook login
 * into connections.
 */
export const metaRoutes =
  (deps: FeatureDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(webhookRoutes(deps));
    // actAsQueryCompany: the super user's /allConnections adds to the company it shows (spec 2 §2).
    const facebookGuards = [
      app.authenticate,
      requireActor(canSeeConnections),
      actAsQueryCompany,
      requireActiveSubscription,
      requirePlan('useFacebook'),
    ];
    app.post(
      '/facebook',
      {
        schema: { querystring: ConnectionCreateQuery, body: FacebookConnectInput, response: { 200: FacebookConnectResult } },
        preHandler: facebookGuards,
      },
      async (req) => connectFacebook(req, req.body),
    );
    // The page chooser: the pages the login's user manages (a POST: the token travels in the body, never in a URL).
    app.post(
      '/facebook/pages',
      {
        schema: { querystring: ConnectionCreateQuery, body: FacebookPagesInput, response: { 200: FacebookPagesView } },
        preHandler: facebookGuards,
      },
      async (req) => listFacebookPages(req, req.body),
    );
    // What the connections page needs to open Meta's login, and what the operator has still to set.
    app.get(
      '/meta/login-settings',
      { schema: { response: { 200: MetaLoginSettingsView } }, preHandler: [app.authenticate, requireActor(canSeeConnections)] },
      async (req) => presentLoginSettings(await readMetaApp(req.ctx.db, req.ctx.config)),
    );
    app.post(
      '/meta/embedded-signup',
      {
        schema: { querystring: ConnectionCreateQuery, body: EmbeddedSignupInput, response: { 200: EmbeddedSignupResult } },
        preHandler: [
          app.authenticate,
          requireActor(canSeeConnections),
          actAsQueryCompany,
          requireActiveSubscription,
          requirePlan('useWhatsapp'),
        ],
      },
      async (req) => embeddedSignup(req, req.body),
    );
  };

const webhookRoutes =
  (deps: FeatureDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the bytes Meta sent: this plugin keeps JSON bodies raw and parses them
    // itself, after the check (the parser is scoped to this plugin's routes).
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    // Registration: Meta calls with the verify token set in its dashboard and expects the challenge back.
    app.get('/webhook', { schema: { querystring: VerifyQuery, response: { 200: z.string(), 403: ErrorBody } } }, async (req, reply) => {
      const q = req.query;
      const expected = deps.config.meta.verifyToken;
      if (q['hub.mode'] !== 'subscribe' || !expected || q['hub.verify_token'] !== expected) {
        return reply.code(403).send({ error: 'ERR_NO_PERMISSION' });
      }
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    });

    app.post('/webhook', { bodyLimit: 4 * 1024 * 1024, schema: { response: { 200: z.string(), 401: ErrorBody } } }, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!(await signedByMetaApp(deps, raw, req.headers['x-hub-signature-256'] as string | undefined))) {
        req.log.warn('meta webhook: bad or missing signature');
        return reply.code(401).send({ error: 'ERR_INVALID_CREDENTIALS' });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        req.log.warn('meta webhook: body is not JSON; acknowledged');
        return reply.code(200).send('EVENT_RECEIVED');
      }
      await dispatchWebhook({ db: deps.db, channels: deps.channels, log: req.log }, body);
      return reply.code(200).send('EVENT_RECEIVED');
    });
  };
