import {
  CompanyPaymentSettingView,
  EfiWebhookStatus,
  ErrorBody,
  InvoicePage,
  InvoiceQuery,
  PaymentNoticePage,
  PaymentProviderParam,
  SubscriptionInput,
  SubscriptionResult,
  WebhookAck,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireSuper } from '../../http/guards';
import type { FeatureDeps } from '../deps';
import { applyPaymentNotice } from './commands/apply-payment';
import { cancelAtProviders } from './commands/cancel-charges';
import { efiWebhookStatus, registerEfiWebhook } from './commands/register-efi-webhook';
import { subscribe } from './commands/subscribe';
import { companyPaymentSetting } from './payment-setting';
import { paymentProvider } from './providers';
import { listPaymentNotices } from './notice-log';
import { listInvoicesPage } from './queries';

/**
 * Invoices and checkout (spec 2 "Invoices, checkout, subscription", §7). None of these asks for a valid
 * subscription: an expired company must still see and pay its invoices. The webhook is public and
 * authenticated by each provider's signature or token.
 */
export const billingRoutes =
  (deps: FeatureDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = [app.authenticate, requireAdmin];

    app.get('/invoices/all', { schema: { querystring: InvoiceQuery, response: { 200: InvoicePage } }, preHandler: admin }, async (req) =>
      listInvoicesPage(req.ctx.db, req.ctx.actor, req.query),
    );

    app.post(
      '/subscription',
      { schema: { body: SubscriptionInput, response: { 200: SubscriptionResult } }, preHandler: admin },
      async (req) => subscribe(req.ctx, req.body),
    );

    // The checkout's reading of the caller's company: never another company's (the id comes from the session).
    app.get('/companySettingOnePayment', { schema: { response: { 200: CompanyPaymentSettingView } }, preHandler: admin }, async (req) =>
      companyPaymentSetting({ db: req.ctx.db, config: deps.config }, req.ctx.companyId),
    );

    const superUser = [app.authenticate, requireSuper];
    // Notices that changed nothing or need the operator (money on a superseded charge, underpaid, refunds).
    app.get(
      '/invoices/payment-notices',
      { schema: { querystring: InvoiceQuery, response: { 200: PaymentNoticePage } }, preHandler: superUser },
      async (req) => listPaymentNotices(req.ctx.db, req.query),
    );

    // The Efí webhook registration, on the settings screen's Efí section (super user only).
    app.get('/settings/efi-webhook', { schema: { response: { 200: EfiWebhookStatus } }, preHandler: superUser }, async () =>
      efiWebhookStatus(deps),
    );
    app.put('/settings/efi-webhook', { schema: { response: { 200: EfiWebhookStatus } }, preHandler: superUser }, async () =>
      registerEfiWebhook(deps),
    );

    await app.register(webhookRoutes(deps));
  };

const webhookRoutes =
  (deps: FeatureDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Signatures cover the bytes the provider sent: JSON stays raw here and is parsed after the check
    // (the parser is scoped to this plugin's route).
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    // Efí posts to the URL registered with it plus '/pix' (PUT /v2/webhook/{chave}), so both paths are one route.
    for (const url of ['/subscription/webhook/:provider', '/subscription/webhook/:provider/pix'])
      app.post(
        url,
        {
          bodyLimit: 1024 * 1024,
          schema: { params: PaymentProviderParam, response: { 200: WebhookAck, 401: ErrorBody, 404: ErrorBody } },
        },
        async (req, reply) => {
          const provider = paymentProvider({ db: deps.db, config: deps.config }, req.params.provider);
          if (!provider) return reply.code(404).send({ error: 'ERR_NOT_FOUND' });
          const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
          let body: unknown = null;
          try {
            body = rawBody.length > 0 ? JSON.parse(rawBody.toString('utf8')) : null;
          } catch {
            body = null;
          }
          const notices = await provider.verifyWebhook({
            headers: req.headers,
            query: req.query as Record<string, unknown>,
            rawBody,
            body,
          });
          if (notices === null) {
            req.log.warn({ provider: provider.name }, 'payment webhook: bad or missing signature');
            return reply.code(401).send({ error: 'ERR_INVALID_CREDENTIALS' });
          }
          for (const notice of notices) {
            const { outcome, superseded } = await applyPaymentNotice(
              { db: deps.db, realtime: deps.realtime, log: req.log },
              provider.name,
              notice,
            );
            req.log.info({ provider: provider.name, paymentId: notice.providerPaymentId, outcome }, 'payment webhook');
            // The invoice is paid: its other providers' charges must not take a second payment.
            await cancelAtProviders({ db: deps.db, config: deps.config, log: req.log }, superseded);
          }
          return { received: true };
        },
      );
  };
