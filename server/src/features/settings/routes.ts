import {
  CertificateUploadAnswer,
  CertificateUploadQuery,
  CertificateView,
  CompanySettingOneView,
  CompanySettingOneQuery,
  CompanySettingsObject,
  CompanySettingsParam,
  CompanySettingUpdateInput,
  GlobalSettingView,
  PublicSettingQuery,
  SettingKeyParam,
  SettingUpdateInput,
  SettingView,
  UpdatedSetting,
} from '@chatflow/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { requireAdmin, requireSuper } from '../../http/guards';
import { readCertificateUpload } from './certificate-file';
import { listCertificates } from './certificates';
import { uploadCertificate } from './commands/upload-certificate';
import { uploadWhitelabelLogo } from './commands/upload-logo';
import { updateSetting } from './commands/update-setting';
import { readLogoUpload } from './logo-file';
import { canReadCompanySettings } from './policy';
import { listGlobalSettings, readCompanySetting, readCompanySettingsObject, readPublicSetting } from './queries';
import { listCompanySettings } from './service';
import { readWebManifest } from './web-manifest';

/** Answers a bare JSON string ("Chat-flow"), as existing clients of these two routes expect. */
const sendJsonString = (reply: FastifyReply, value: string) => reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

/** Settings (spec 2 §7 Settings, spec 1 §7). Company keys are per company; global keys are the super user's. */
export const settingRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = [app.authenticate, requireAdmin];

    app.get('/settings', { schema: { response: { 200: z.array(SettingView) } }, preHandler: admin }, async (req) =>
      listCompanySettings(req.ctx.db, req.ctx.companyId),
    );

    app.get(
      '/settings/global',
      { schema: { response: { 200: z.array(GlobalSettingView) } }, preHandler: [app.authenticate, requireSuper] },
      async (req) => listGlobalSettings(req.ctx.db),
    );

    app.put(
      '/settings/:key',
      { schema: { params: SettingKeyParam, body: SettingUpdateInput, response: { 200: UpdatedSetting } }, preHandler: admin },
      async (req) => updateSetting(req.ctx, req.params.key, req.body.value, 'value'),
    );

    app.get('/setting/:key', { schema: { params: SettingKeyParam, response: { 200: SettingView } }, preHandler: admin }, async (req) =>
      readCompanySetting(req.ctx.db, req.ctx.companyId, req.params.key),
    );

    app.get(
      '/companySettings/:companyId',
      { schema: { params: CompanySettingsParam, response: { 200: CompanySettingsObject } }, preHandler: app.authenticate },
      async (req) => {
        if (!canReadCompanySettings(req.ctx.actor, req.params.companyId)) throw notFound();
        return readCompanySettingsObject(req.ctx.db, req.params.companyId);
      },
    );

    // Any user of the company: the inbox reads flags such as sendSignMessage through it.
    app.get(
      '/companySettingOne',
      { schema: { querystring: CompanySettingOneQuery, response: { 200: CompanySettingOneView } }, preHandler: app.authenticate },
      async (req) => {
        const setting = await readCompanySetting(req.ctx.db, req.ctx.companyId, req.query.column);
        return { ...setting, [setting.key]: setting.value };
      },
    );

    app.put(
      '/companySettings',
      { schema: { body: CompanySettingUpdateInput, response: { 200: UpdatedSetting } }, preHandler: admin },
      async (req) => updateSetting(req.ctx, req.body.column, req.body.data, 'data'),
    );

    // No session: the login page reads its theme here. The `token` query parameter existing clients
    // send is accepted and ignored; what protects is the PUBLIC_SETTING_KEYS whitelist (appearance
    // only), so a token would add nothing and an anonymous visitor can never read anything else.
    app.get(
      '/public-settings/:key',
      { schema: { params: SettingKeyParam, querystring: PublicSettingQuery, response: { 200: z.string() } } },
      async (req, reply) => sendJsonString(reply, await readPublicSetting(deps.db, req.params.key)),
    );

    // No session either: the browser fetches the manifest without credentials. no-cache, so an installed
    // app picks up a new app name the next time the browser checks its manifest.
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('application/manifest+json')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(await readWebManifest(deps.db))),
    );

    app.post(
      '/settings-whitelabel/logo',
      { schema: { response: { 200: z.string() } }, preHandler: [app.authenticate, requireSuper] },
      async (req, reply) => {
        const { mode, file } = await readLogoUpload(req);
        return sendJsonString(reply, await uploadWhitelabelLogo(req.ctx, mode, file));
      },
    );

    // Spec 2 §7: the payment certificate (.p12) for a destination (?ref=efi). Write-only: the answer is
    // the spec's 'Arquivo Anexado', and no route ever returns the file.
    app.post(
      '/settings/cert-upload',
      {
        schema: { querystring: CertificateUploadQuery, response: { 200: CertificateUploadAnswer } },
        preHandler: [app.authenticate, requireSuper],
      },
      async (req) => uploadCertificate(req.ctx, await readCertificateUpload(req, req.query.ref)),
    );

    app.get(
      '/settings/certificates',
      { schema: { response: { 200: z.array(CertificateView) } }, preHandler: [app.authenticate, requireSuper] },
      async (req) => listCertificates(req.ctx.db),
    );
  };
