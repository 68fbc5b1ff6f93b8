import { ExternalSendInput, ExternalSendView } from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUpload } from '../../media';
import type { FeatureDeps } from '../deps';
import { downloadLimitBytes } from '../messages';
import { externalApiAccess } from './access';
import { type ExternalFile, sendExternalMessage } from './send';

const MAX_FILES = 10;

/**
 * The external messages API (spec 3): POST /api/messages/send with a connection's token as Bearer,
 * as JSON or as multipart with `medias` files. Validation happens in the handler, after the token
 * is checked, since a multipart body has no JSON schema.
 */
export const externalApiRoutes =
  (deps: FeatureDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/messages/send',
      { schema: { response: { 200: ExternalSendView } }, onRequest: externalApiAccess(deps.db) },
      async (req) => {
        let fields: unknown = req.body;
        let files: ExternalFile[] = [];
        if (req.isMultipart()) {
          const limit = await downloadLimitBytes(deps.db);
          const form = await readUpload(req, { maxBytes: limit.bytes, maxFiles: MAX_FILES, fileFields: ['medias'], maxFields: 20 });
          fields = form.fields;
          files = form.files.map((f) => ({ fileName: f.fileName, data: f.data }));
        }
        const input = ExternalSendInput.parse(fields ?? {});
        return sendExternalMessage(deps, req.apiConnection, input, files);
      },
    );
  };
